import type { ManagementCompany } from '@sitewalk/shared/schemas/managementCompany';
import { Picture } from '../../../components/picture.tsx';
import { usePictureUrl } from '../../../api/pictures.ts';
import { fileNameOf } from '../../../lib/upload.ts';

/** The company's logo, or the generic picture when it has none or it cannot be shown. */
export const CompanyLogo = ({
  company,
  size = 32,
}: {
  company: Pick<ManagementCompany, 'id' | 'name' | 'hasLogo'>;
  size?: number;
}) => {
  const url = usePictureUrl(
    'managementCompany.logo',
    { id: company.id, name: fileNameOf(company.name) },
    company.hasLogo,
  );
  return <Picture src={url} alt={`Logo of ${company.name}`} variant="logo" size={size} />;
};
