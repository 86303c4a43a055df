/** The eight roles of SiteWalk. A higher id is a more senior role (Employee is 1). */
export const Role = {
  SuperUser: 50,
  Admin: 45,
  Owner: 40,
  CompanyManager: 30,
  AreaManager: 20,
  Manager: 10,
  AssistantManager: 5,
  Employee: 1,
} as const;

export type RoleId = (typeof Role)[keyof typeof Role];

export const roleIds: readonly RoleId[] = Object.values(Role).sort((a, b) => b - a);

export const roleNames: Record<RoleId, string> = {
  50: 'Super User',
  45: 'Admin',
  40: 'Owner',
  30: 'Company Manager',
  20: 'Area Manager',
  10: 'Manager',
  5: 'Assistant Manager',
  1: 'Employee',
};

export const isRoleId = (value: unknown): value is RoleId =>
  typeof value === 'number' && (roleIds as readonly number[]).includes(value);

/**
 * What a user of a role fills in: a management company (every role below Admin), areas (Area Managers),
 * locations and a PIN (below Area Manager), an e-mail (Area Manager and above, who sign in with it), a PIN
 * they must have (Managers and Assistant Managers). Forms show these fields; the server keeps only these
 * memberships.
 */
export const roleFields = (roleId: RoleId) => ({
  company: roleId < Role.Admin,
  organizations: roleId === Role.AreaManager,
  locations: roleId < Role.AreaManager,
  emailRequired: roleId >= Role.AreaManager,
  pin: roleId < Role.AreaManager,
  pinRequired: roleId === Role.Manager || roleId === Role.AssistantManager,
  /** The Company Email switch: Company Managers only. */
  companyEmail: roleId === Role.CompanyManager,
});
export type RoleFields = ReturnType<typeof roleFields>;

/** Who may be a member of an area: Area Managers and above (of the area's company). */
export const joinsOrganizations = (roleId: number) => roleId >= Role.AreaManager;

/**
 * Who takes a location's alerts: its own Managers and Assistant Managers always; the roles above a location
 * (Area Managers and up) only when they ask for the alerts of the locations below them.
 */
export const takesOwnLocationAlerts = (roleId: number) =>
  roleId === Role.Manager || roleId === Role.AssistantManager;
export const mayTakeAlertsFromBelow = (roleId: number) => roleId >= Role.AreaManager;

/** The path segment of each role's create call (`POST /api/user/{slug}`); Super Users are only seeded. */
export const roleSlugs = {
  admin: Role.Admin,
  owner: Role.Owner,
  'company-manager': Role.CompanyManager,
  'area-manager': Role.AreaManager,
  manager: Role.Manager,
  'assistant-manager': Role.AssistantManager,
  employee: Role.Employee,
} as const satisfies Record<string, RoleId>;

export type RoleSlug = keyof typeof roleSlugs;

/** The roles a management company holds (Owner and below): those it may require two-step verification of. */
export const companyRoleIds: readonly RoleId[] = roleIds.filter((id) => id <= Role.Owner);

/**
 * A setting's list of roles, as comma-separated role ids ("50, 45, 40"); empty: none. Throws on anything
 * that is not a role id, so a mistyped setting stops a deploy or a start instead of requiring nothing.
 */
export const parseRoleList = (text: string | undefined): RoleId[] => {
  const parts = (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.map((part) => {
    const value = Number(part);
    if (!/^\d+$/.test(part) || !isRoleId(value)) {
      throw new Error(`Not a role id: "${part}" (roles are ${roleIds.join(', ')})`);
    }
    return value;
  });
};
