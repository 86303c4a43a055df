import type { Organization } from '@sitewalk/shared/schemas/organization';
import { Picture } from '../../../components/picture.tsx';
import { usePictureUrl } from '../../../api/pictures.ts';
import { fileNameOf } from '../../../lib/upload.ts';

/** The area's logo, or the generic picture when it has none or it cannot be shown. */
export const OrganizationLogo = ({
  organization,
  size = 32,
}: {
  organization: Pick<Organization, 'id' | 'name' | 'hasLogo'>;
  size?: number;
}) => {
  const url = usePictureUrl(
    'organization.logo',
    { id: organization.id, name: fileNameOf(organization.name) },
    organization.hasLogo,
  );
  return <Picture src={url} alt={`Logo of ${organization.name}`} variant="logo" size={size} />;
};
