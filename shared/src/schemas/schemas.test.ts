import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { Role } from '../roles.ts';
import {
  logoUploadQuery,
  normalizePhone,
  pagedQuery,
  password,
  phone,
  pin,
  walkReportPagedQuery,
  zipcode,
  idParams,
  email,
  webAddress,
} from './common.ts';
import { createWalkBody, stripUnitRange } from './walk.ts';
import { createUserBody, missingForRole } from './user.ts';
import { taskEditForm, taskForm } from './task.ts';
import { scheduleBody } from './schedule.ts';
import { incidentNoteBody } from './incident.ts';
import { createLocationBody } from './location.ts';
import { createManagementCompanyBody, updateManagementCompanyBody } from './managementCompany.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('phone', () => {
  it.each([
    ['(555) 123-4567', '555-123-4567'],
    ['1-555-123-4567', '555-123-4567'],
    ['555.123.4567', '555-123-4567'],
    ['5551234567', '555-123-4567'],
    ['+1 555 123 4567', '555-123-4567'],
  ])('normalises %j to %j', (input, output) => {
    expect(normalizePhone(input)).toBe(output);
    expect(phone.parse(input)).toBe(output);
  });

  it.each(['555-1234', '55512345678', '2555123456789', 'call me', ''])('refuses %j', (input) => {
    expect(firstMessage(phone.safeParse(input))).toBe(messages.validation.invalidPhone);
  });
});

describe('pin', () => {
  it.each(['1234', '12345678', ' 9876 '])('accepts %j', (input) =>
    expect(pin.safeParse(input).success).toBe(true),
  );
  it.each(['123', '123456789', '12a4', ''])('refuses %j', (input) =>
    expect(pin.safeParse(input).success).toBe(false),
  );
});

describe('zipcode', () => {
  it.each(['12345', '12345-6789'])('accepts %j', (input) => expect(zipcode.parse(input)).toBe(input));
  it.each(['1234', '123456', '12345-678', '12345 6789', 'abcde'])(
    'refuses %j with the spec message',
    (input) => {
      expect(firstMessage(zipcode.safeParse(input))).toBe(messages.validation.invalidZipcode);
    },
  );
});

describe('the one password rule', () => {
  it.each([
    ['Abcdefg1', true],
    ['Abcdef1', false], // 7 characters
    [`Ab1${'x'.repeat(47)}`, true], // 50
    [`Ab1${'x'.repeat(48)}`, false], // 51
    ['abcdefg1', false], // no upper-case
    ['ABCDEFG1', false], // no lower-case
    ['Abcdefgh', false], // no digit
  ])('%j → %s', (value, ok) => {
    expect(password.safeParse(value).success).toBe(ok);
  });

  it('says the spec message for a weak password and its own for a long one', () => {
    expect(firstMessage(password.safeParse('short'))).toBe(messages.password.rule);
    expect(firstMessage(password.safeParse(`Ab1${'x'.repeat(48)}`))).toBe(messages.password.tooLong);
  });
});

describe('paging', () => {
  it('defaults offset to 0 and trims the search term', () => {
    expect(pagedQuery.parse({ limit: '10', searchTerm: '  acme ' })).toEqual({
      limit: 10,
      offset: 0,
      searchTerm: 'acme',
    });
    expect(pagedQuery.parse({ limit: '5', searchTerm: '   ' }).searchTerm).toBeUndefined();
  });

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '-1' }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ limit: '2.5' }, 'limit'],
    [{ limit: '51' }, 'limit'],
    [{ limit: '10', offset: '-1' }, 'offset'],
    [{ limit: '10', offset: 'x' }, 'offset'],
  ])('refuses %j in %s', (query, field) => {
    const result = pagedQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it('lets the walk-report table ask for 1,000 but not 1,001', () => {
    expect(walkReportPagedQuery.safeParse({ limit: '1000' }).success).toBe(true);
    expect(walkReportPagedQuery.safeParse({ limit: '1001' }).success).toBe(false);
  });
});

describe('ids in paths', () => {
  it.each([
    '0',
    '-3',
    'abc',
    '1.5',
    ' 1',
    '1 ',
    '+1',
    '01',
    '0x1',
    '1e0',
    '',
    '9007199254740993',
    '1'.repeat(17),
  ])('refuses %j with the spec message', (value) => {
    expect(firstMessage(idParams.safeParse({ id: value }))).toBe(messages.validation.noId);
  });
  it('takes plain decimal text up to the largest safe integer', () => {
    expect(idParams.parse({ id: '1' })).toEqual({ id: 1 });
    expect(idParams.parse({ id: '9007199254740991' })).toEqual({ id: Number.MAX_SAFE_INTEGER });
  });
  it('refuses a number where only text travels', () => {
    expect(idParams.safeParse({ id: 1 }).success).toBe(false);
  });
});

describe('e-mail addresses', () => {
  it('takes 254 characters and refuses 255', () => {
    const address = (length: number) => `${'a'.repeat(64)}@${'b'.repeat(length - 69)}.com`;
    expect(email.safeParse(address(254)).success).toBe(true);
    expect(firstMessage(email.safeParse(address(255)))).toBe(messages.validation.emailTooLong);
  });
});

describe('web addresses (issue 27)', () => {
  it.each([
    'https://example.com',
    'http://acme.test/storage?x=1',
    'HTTPS://EXAMPLE.COM/',
    ' https://example.com ',
  ])('takes the http(s) address %j', (value) => {
    expect(webAddress.safeParse(value).success).toBe(true);
  });
  it.each([
    'javascript:alert(document.cookie)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com',
    'mailto:owner@example.com',
    'example.com',
    'https://',
    `https://example.com/${'a'.repeat(200)}`,
  ])('refuses %j, saying what an address must be', (value) => {
    expect(firstMessage(webAddress.safeParse(value))).toBe(messages.validation.invalidWebsite);
  });
  it('is the rule of the company forms, on create and on update', () => {
    const company = { name: 'Acme', email: 'a@example.com' };
    const bad = 'javascript:alert(1)';
    expect(firstMessage(createManagementCompanyBody.safeParse({ ...company, website: bad }))).toBe(
      messages.validation.invalidWebsite,
    );
    expect(firstMessage(updateManagementCompanyBody.safeParse({ id: 1, website: bad }))).toBe(
      messages.validation.invalidWebsite,
    );
    expect(createManagementCompanyBody.parse({ ...company, website: ' ' }).website).toBeUndefined();
    expect(updateManagementCompanyBody.parse({ id: 1, website: '' }).website).toBeNull();
  });
});

describe('logo uploads', () => {
  it('accepts a png of exactly 1,000,000 bytes', () => {
    expect(logoUploadQuery.parse({ contentType: 'image/png', contentLength: '1000000' })).toEqual({
      contentType: 'image/png',
      contentLength: 1_000_000,
    });
  });
  it('refuses 1,000,001 bytes as too large', () => {
    expect(
      firstMessage(logoUploadQuery.safeParse({ contentType: 'image/png', contentLength: '1000001' })),
    ).toBe(messages.upload.fileTooLarge);
  });
  it.each(['image/svg+xml', 'image/heic', 'application/pdf'])(
    'refuses %s as an invalid file type',
    (contentType) => {
      expect(firstMessage(logoUploadQuery.safeParse({ contentType, contentLength: '10' }))).toBe(
        messages.upload.invalidFileType,
      );
    },
  );
});

describe('walks', () => {
  const marker = { label: 1, lat: 36.7, lng: -119.4 };
  const walk = { name: 'Morning', locationId: 3, markers: [marker] };

  it('takes a name of 30 characters but not 31', () => {
    expect(createWalkBody.safeParse({ ...walk, name: 'x'.repeat(30) }).success).toBe(true);
    expect(firstMessage(createWalkBody.safeParse({ ...walk, name: 'x'.repeat(31) }))).toBe(
      messages.validation.walkNameTooLong,
    );
  });
  it('takes a description of 200 characters but not 201', () => {
    expect(createWalkBody.safeParse({ ...walk, description: 'x'.repeat(200) }).success).toBe(true);
    expect(createWalkBody.safeParse({ ...walk, description: 'x'.repeat(201) }).success).toBe(false);
  });
  it('needs a name and at least one marker', () => {
    expect(firstMessage(createWalkBody.safeParse({ ...walk, name: '  ' }))).toBe(
      messages.validation.walkNameRequired,
    );
    expect(firstMessage(createWalkBody.safeParse({ ...walk, markers: [] }))).toBe(
      messages.validation.walkNeedsMarker,
    );
  });
  it('takes unit ranges of digits, commas, spaces and hyphens only', () => {
    expect(
      createWalkBody.safeParse({ ...walk, markers: [{ ...marker, unitNumberRange: '100-120, 130' }] })
        .success,
    ).toBe(true);
    expect(
      firstMessage(
        createWalkBody.safeParse({ ...walk, markers: [{ ...marker, unitNumberRange: '100-120; A5' }] }),
      ),
    ).toBe(messages.validation.unitRangeCharacters);
    expect(stripUnitRange('A100-1B20, 13#0')).toBe('100-120, 130');
    // Spaces, not any whitespace: a tab or a line break inside a range is refused, and stripped.
    for (const unitNumberRange of ['100\t120', '100\n120', '١٢٣']) {
      expect(
        firstMessage(createWalkBody.safeParse({ ...walk, markers: [{ ...marker, unitNumberRange }] })),
      ).toBe(messages.validation.unitRangeCharacters);
    }
    expect(stripUnitRange('100\t120,\n130')).toBe('100120,130');
  });
});

describe('creating users', () => {
  const base = { firstName: 'Ann', lastName: 'Lee', managementCompanyId: 1 };

  it('requires an e-mail from area manager upwards', () => {
    const result = createUserBody(Role.AreaManager).safeParse({ userInfo: base, organizationIds: [1] });
    expect(result.error?.issues.map((i) => i.message)).toContain(messages.validation.emailRequiredForRole);
    expect(createUserBody(Role.Employee).safeParse({ userInfo: base }).success).toBe(true);
  });
  it('requires a PIN of managers and assistant managers', () => {
    expect(firstMessage(createUserBody(Role.Manager).safeParse({ userInfo: base }))).toBe(
      messages.validation.pinRequired,
    );
    expect(createUserBody(Role.Manager).safeParse({ userInfo: { ...base, pin: '1234' } }).success).toBe(true);
  });
  it('requires at least one area of an area manager', () => {
    const userInfo = { ...base, email: 'a@b.co', password: 'Passw0rd' };
    expect(firstMessage(createUserBody(Role.AreaManager).safeParse({ userInfo, organizationIds: [] }))).toBe(
      messages.validation.chooseOrganization,
    );
  });
  it('requires a management company except of admins', () => {
    const userInfo = { firstName: 'A', lastName: 'B', email: 'a@b.co', password: 'Passw0rd' };
    expect(createUserBody(Role.Admin).safeParse({ userInfo }).success).toBe(true);
    expect(firstMessage(createUserBody(Role.Owner).safeParse({ userInfo }))).toBe(
      messages.validation.selectManagementCompany,
    );
  });
  it('answers "No user info provided" when given nothing', () => {
    expect(firstMessage(createUserBody(Role.Employee).safeParse(undefined))).toBe(
      messages.validation.noUserInfo,
    );
  });
  it('normalises phone and e-mail', () => {
    const parsed = createUserBody(Role.Employee).parse({
      userInfo: { ...base, phone: '(555) 123-4567', email: ' Ann@Example.COM ', password: 'Passw0rd' },
    });
    expect(parsed.userInfo.phone).toBe('555-123-4567');
    expect(parsed.userInfo.email).toBe('ann@example.com');
  });
});

describe('what a role requires (missingForRole), for the create schema and the edit form', () => {
  const complete = { managementCompanyId: 1, email: 'a@b.co', pin: '1234', organizationIds: [3] };
  const fieldsMissing = (roleId: Parameters<typeof missingForRole>[0], user: object, hasPin = false) =>
    missingForRole(roleId, user, { hasPin }).map(({ field }) => field);

  it('asks nothing of a complete user of any role', () => {
    for (const roleId of [Role.Owner, Role.AreaManager, Role.Manager, Role.Employee] as const) {
      expect(fieldsMissing(roleId, complete)).toEqual([]);
    }
  });
  it("asks each role for its own fields, with the specs' messages", () => {
    expect(fieldsMissing(Role.Admin, {})).toEqual(['email']);
    expect(fieldsMissing(Role.Owner, {})).toEqual(['managementCompanyId', 'email']);
    expect(fieldsMissing(Role.AreaManager, { managementCompanyId: '' })).toEqual([
      'managementCompanyId',
      'email',
      'organizationIds',
    ]);
    expect(fieldsMissing(Role.Manager, { managementCompanyId: 1 })).toEqual(['pin']);
    expect(fieldsMissing(Role.Employee, { managementCompanyId: 1 })).toEqual([]);
    expect(missingForRole(Role.AreaManager, { ...complete, organizationIds: [] })).toEqual([
      { field: 'organizationIds', message: messages.validation.chooseOrganization },
    ]);
  });
  it('takes a blank e-mail for none, and a PIN already set for one', () => {
    expect(fieldsMissing(Role.CompanyManager, { managementCompanyId: 1, email: '   ' })).toEqual(['email']);
    expect(fieldsMissing(Role.AssistantManager, { managementCompanyId: 1, pin: '' }, true)).toEqual([]);
  });
});

describe('the task forms', () => {
  const filled = {
    title: ' Gate ',
    description: '',
    locationId: 4,
    assigneeId: null,
    due: '2026-12-01T09:30',
    priority: 2,
  };

  it("give the body its values: the due time as the field's value, read later on the location's clock", () => {
    expect(taskForm.parse(filled)).toEqual({
      title: 'Gate',
      description: '',
      locationId: 4,
      assigneeId: null,
      due: '2026-12-01T09:30',
      priority: 2,
    });
  });
  it('refuse a blank title, no location and no due time with their messages', () => {
    const result = taskForm.safeParse({ ...filled, title: '  ', locationId: '', due: '' });
    expect(Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      title: 'A task needs a title',
      locationId: 'Choose a location',
      due: 'A task needs a due date and time',
    });
  });
  it('edit only the title, description, due time and priority', () => {
    expect(Object.keys(taskEditForm.parse(filled)).sort()).toEqual([
      'description',
      'due',
      'priority',
      'title',
    ]);
    expect(taskEditForm.safeParse({ ...filled, priority: 4 }).success).toBe(false);
  });
});

describe('the schedule form', () => {
  const window = { label: 'Morning', days: [1], start: '07:00', end: '10:00', walkIds: [], graceMinutes: 15 };

  it('says what is wrong with a grace and a window that ends before it starts', () => {
    const messagesOf = (w: object) =>
      scheduleBody.safeParse({ timeZone: 'UTC', windows: [w] }).error?.issues.map((i) => i.message);
    expect(messagesOf({ ...window, graceMinutes: -1 })).toEqual(['At least 0']);
    expect(messagesOf({ ...window, graceMinutes: Number.NaN })).toEqual(['A grace is a number of minutes']);
    expect(messagesOf({ ...window, end: '06:00' })).toEqual(['The window must end after it starts']);
    expect(messagesOf(window)).toBeUndefined();
  });
});

describe('other bodies', () => {
  it('refuses a blank incident note', () => {
    expect(firstMessage(incidentNoteBody.safeParse({ incidentId: 1, note: '   ' }))).toBe(
      messages.validation.noteRequired,
    );
  });
  it('gives a location zoom level 18 by default', () => {
    const parsed = createLocationBody.parse({
      name: 'A',
      address: '1 Main St',
      city: 'Fresno',
      state: 'CA',
      zipcode: '93650',
      latitude: 36.7,
      longitude: -119.7,
      organizationId: 2,
    });
    expect(parsed.zoomLevel).toBe(18);
  });
});
