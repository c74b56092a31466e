/** The upload dialogs' template line: "Download the template HERE" (DESIGN.md §5). */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { download } from '../api/client.ts';
import { useAlert } from './alert-modal.tsx';

export function TemplateLink({ path }: { path: string }) {
  const { t } = useTranslation();
  const alert = useAlert();
  const fetchTemplate = async () => {
    try {
      await download(path, undefined, { method: 'GET' });
    } catch (error) {
      alert.showError(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <Typography.Paragraph className="template-link">
      {t('upload.templateBefore')}{' '}
      <Typography.Link onClick={() => void fetchTemplate()} data-testid="template-link">
        {t('upload.here')}
      </Typography.Link>
      {t('upload.templateAfter')}
    </Typography.Paragraph>
  );
}
