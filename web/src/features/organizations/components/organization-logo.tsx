import type { Organization } from '@sitewalk/shared/schemas/organization';
import { Picture } from '../../../components/picture.tsx';
import { usePictureUrl } from '../../../api/pictures.ts';
import { fileNameOf } from '../../../lib/upload.ts';

/** The area's logo, or the generic picture when it has none or it cannot be shown. */
export const OrganizationLogo = ({
  area,
  size = 32,
}: {
  area: Pick<Organization, 'id' | 'name' | 'hasLogo'>;
  size?: number;
}) => {
  const url = usePictureUrl('organization.logo', { id: area.id, name: fileNameOf(area.name) }, area.hasLogo);
  return <Picture src={url} alt={`Logo of ${area.name}`} variant="logo" size={size} />;
};
