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
