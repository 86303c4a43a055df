/** The e-mails SiteWalk sends, each with an HTML and a text part. */

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export const resetPasswordMail = ({
  firstName,
  link,
  validMinutes,
}: {
  firstName: string;
  link: string;
  validMinutes: number;
}) => ({
  subject: 'Reset your SiteWalk password',
  text: [
    `Hello ${firstName},`,
    '',
    'Someone asked to reset the password of your SiteWalk account. To choose a new password, open this link:',
    link,
    '',
    `The link works once and for ${validMinutes} minutes. If you did not ask for this, you can ignore this e-mail.`,
  ].join('\n'),
  html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>Hello ${escapeHtml(firstName)},</p>
<p>Someone asked to reset the password of your SiteWalk account. To choose a new password, use this link:</p>
<p><a href="${escapeHtml(link)}">Reset your password</a></p>
<p>The link works once and for ${validMinutes} minutes. If you did not ask for this, you can ignore this e-mail.</p>
</body></html>`,
});

/** Sent to the old address when an account's e-mail changes, so its owner learns of a takeover. */
export const emailChangedMail = ({
  firstName,
  newEmail,
  appUrl,
}: {
  firstName: string;
  newEmail: string;
  appUrl: string;
}) => ({
  subject: 'Your SiteWalk e-mail address was changed',
  text: [
    `Hello ${firstName},`,
    '',
    `The e-mail address of your SiteWalk account was changed to ${newEmail}. From now on, sign in with it at ${appUrl}`,
    '',
    'If you did not make this change, contact your manager or SiteWalk support at once.',
  ].join('\n'),
  html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>Hello ${escapeHtml(firstName)},</p>
<p>The e-mail address of your SiteWalk account was changed to <strong>${escapeHtml(newEmail)}</strong>. From now on, sign in with it at <a href="${escapeHtml(appUrl)}">${escapeHtml(appUrl)}</a>.</p>
<p>If you did not make this change, contact your manager or SiteWalk support at once.</p>
</body></html>`,
});

/** One alert, to one recipient who asked for it by e-mail. */
export const alertMail = ({
  firstName,
  message,
  locationName,
  when,
  link,
}: {
  firstName: string;
  message: string;
  locationName: string;
  /** The window's local date and times, when the alert is about one. */
  when: string | null;
  link: string;
}) => ({
  subject: `SiteWalk alert: ${message}`,
  text: [
    `Hello ${firstName},`,
    '',
    message,
    `Location: ${locationName}`,
    ...(when ? [`Window: ${when}`] : []),
    '',
    `See your alerts and turn this one into a task: ${link}`,
    '',
    'You get this e-mail because of your alert settings in SiteWalk (your profile).',
  ].join('\n'),
  html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>Hello ${escapeHtml(firstName)},</p>
<p><strong>${escapeHtml(message)}</strong></p>
<p>Location: ${escapeHtml(locationName)}${when ? `<br>Window: ${escapeHtml(when)}` : ''}</p>
<p><a href="${escapeHtml(link)}">See your alerts</a> and turn this one into a task.</p>
<p style="color:#666;font-size:0.9em">You get this e-mail because of your alert settings in SiteWalk (your profile).</p>
</body></html>`,
});

export interface SummaryRow {
  locationId: number;
  locationName: string;
  done: number;
  missed: number;
  openIncidents: number;
  overdueTasks: number;
}

/**
 * The app's pages a summary row links to: the location's walk reports and incidents, whose tables download
 * their CSV and whose rows open the reports and incidents that download as PDF (links into the app, never
 * expiring file links), and the dashboard, which downloads the CSV of all one's locations.
 */
export const summaryLinks = (appUrl: string, locationId: number) => ({
  walkReports: `${appUrl}/app/locations/${locationId}#walk-reports`,
  incidents: `${appUrl}/app/locations/${locationId}#incidents`,
});

/** The daily summary: per location, walks done and missed since the last one, open incidents, overdue tasks. */
export const summaryMail = ({
  firstName,
  rows,
  appUrl,
}: {
  firstName: string;
  rows: readonly SummaryRow[];
  appUrl: string;
}) => ({
  subject: 'Your SiteWalk daily summary',
  text: [
    `Hello ${firstName},`,
    '',
    ...(rows.length === 0
      ? ['You have no locations yet.']
      : rows.flatMap((r) => {
          const links = summaryLinks(appUrl, r.locationId);
          return [
            `${r.locationName}: ${r.done} walks done, ${r.missed} missed, ${r.openIncidents} open incidents, ${r.overdueTasks} overdue tasks`,
            `  Walk reports: ${links.walkReports}`,
            `  Incidents: ${links.incidents}`,
          ];
        })),
    '',
    `Open SiteWalk (download the CSV of all your locations from the dashboard): ${appUrl}/app`,
  ].join('\n'),
  html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>Hello ${escapeHtml(firstName)},</p>
${
  rows.length === 0
    ? '<p>You have no locations yet.</p>'
    : `<table style="border-collapse:collapse" cellpadding="6">
<thead><tr><th align="left">Location</th><th>Walks done</th><th>Missed</th><th>Open incidents</th><th>Overdue tasks</th><th align="left">Reports</th></tr></thead>
<tbody>${rows
        .map((r) => {
          const links = summaryLinks(appUrl, r.locationId);
          return `<tr><td>${escapeHtml(r.locationName)}</td><td align="center">${r.done}</td><td align="center"${r.missed > 0 ? ' style="color:#c62828"' : ''}>${r.missed}</td><td align="center">${r.openIncidents}</td><td align="center">${r.overdueTasks}</td><td><a href="${escapeHtml(links.walkReports)}">Walk reports</a> · <a href="${escapeHtml(links.incidents)}">Incidents</a></td></tr>`;
        })
        .join('')}</tbody></table>`
}
<p><a href="${escapeHtml(`${appUrl}/app`)}">Open SiteWalk</a>: the dashboard downloads the CSV of all your locations; each walk report and incident downloads as a PDF.</p>
</body></html>`,
});

/** To the assignee of a task, when someone else assigns it to them. */
export const taskAssignedMail = ({
  firstName,
  title,
  locationName,
  dueAt,
  priority,
  link,
}: {
  firstName: string;
  title: string;
  locationName: string;
  dueAt: string;
  priority: string;
  link: string;
}) => {
  const due = new Date(dueAt).toUTCString();
  return {
    subject: `SiteWalk task for you: ${title}`,
    text: [
      `Hello ${firstName},`,
      '',
      `You have been given a task at ${locationName}:`,
      title,
      `Priority: ${priority}. Due: ${due}.`,
      '',
      `Open it: ${link}`,
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>Hello ${escapeHtml(firstName)},</p>
<p>You have been given a task at ${escapeHtml(locationName)}:</p>
<p><strong>${escapeHtml(title)}</strong><br>Priority: ${escapeHtml(priority)}. Due: ${escapeHtml(due)}.</p>
<p><a href="${escapeHtml(link)}">Open the task</a></p>
</body></html>`,
  };
};
