import { password as passwordRule, email as emailRule } from '@sitewalk/shared/schemas/common';
import { Role } from '@sitewalk/shared/roles';
import { auditedDataFromEnv, identityFromEnv } from '@sitewalk/functions/composition';
import { createAccounts } from '@sitewalk/functions/domain/accounts';

/**
 * First run: when the table holds no user yet, create the Super User from SITEWALK_ADMIN_EMAIL and
 * SITEWALK_ADMIN_PASSWORD (the password must meet the one password rule).
 */
export const seedSuperUser = async (credentials: { email: string; password: string }): Promise<boolean> => {
  const email = emailRule.safeParse(credentials.email);
  if (!email.success) throw new Error(`SITEWALK_ADMIN_EMAIL is not an e-mail address: ${credentials.email}`);
  const password = passwordRule.safeParse(credentials.password);
  if (!password.success) throw new Error(`SITEWALK_ADMIN_PASSWORD: ${password.error.issues[0]?.message}`);

  const db = auditedDataFromEnv();
  const { data } = await db.entities.user.query.all({}).go({ limit: 1 });
  if (data.length > 0) return false;
  await createAccounts(db, identityFromEnv()).create({
    firstName: 'Super',
    lastName: 'User',
    email: email.data,
    roleId: Role.SuperUser,
    password: { value: password.data, temporary: false },
    locations: [],
    organizations: [],
  });
  return true;
};
