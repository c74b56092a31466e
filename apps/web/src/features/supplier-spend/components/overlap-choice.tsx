/**
 * A held import's choice: how many of its rows, and how much spend, are already in
 * earlier files (per file), and what to do — replace those files (with the delete permission),
 * import anyway (those rows then count twice), or cancel.
 */
import { Alert, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportChoice, ImportOverlap } from '@spotzcity/shared/spend-imports';
import css from '../supplier-spend.module.css';

interface OverlapChoiceProps {
  overlap: ImportOverlap;
  canReplace: boolean;
  deciding: ImportChoice | null;
  onDecide: (choice: ImportChoice) => void;
}

/** Money with its cents: an overlap of $0.40 must not read as $0. */
const money = (value: number) =>
  `${value < 0 ? '-' : ''}$${Math.abs(value).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;

export function OverlapChoice({ overlap, canReplace, deciding, onDecide }: OverlapChoiceProps) {
  const { t } = useTranslation();
  const names = overlap.files.map((f) => f.fileName).join(', ');
  return (
    <div className={css.overlapChoice} data-testid="import-overlap">
      <Alert
        type="warning"
        showIcon
        title={t('spend.import.overlapTitle', {
          count: overlap.rows,
          rows: overlap.rows.toLocaleString('en-US'),
          spend: money(overlap.spend),
        })}
        description={
          <ul className={css.overlapFiles}>
            {overlap.files.map((file) => (
              <li key={file.fileId}>
                <Typography.Text strong>{file.fileName}</Typography.Text>
                {': '}
                {t('spend.import.overlapFile', {
                  count: file.rows,
                  rows: file.rows.toLocaleString('en-US'),
                  spend: money(file.spend),
                })}
              </li>
            ))}
          </ul>
        }
      />
      <Typography.Paragraph type="secondary" className={css.overlapQuestion}>
        {t('spend.import.overlapQuestion')}
      </Typography.Paragraph>
      <Flex gap={8} wrap className="overlap-actions">
        {canReplace ? (
          <Button
            danger
            type="primary"
            loading={deciding === 'replace'}
            disabled={deciding !== null}
            onClick={() => onDecide('replace')}
            data-testid="import-replace"
          >
            {t('spend.import.replace', { count: overlap.files.length, names })}
          </Button>
        ) : null}
        <Button
          type={canReplace ? 'default' : 'primary'}
          loading={deciding === 'import'}
          disabled={deciding !== null}
          onClick={() => onDecide('import')}
          data-testid="import-anyway"
        >
          {t('spend.import.importAnyway')}
        </Button>
        <Button
          loading={deciding === 'cancel'}
          disabled={deciding !== null}
          onClick={() => onDecide('cancel')}
          data-testid="import-cancel"
        >
          {t('spend.import.cancel')}
        </Button>
      </Flex>
      {canReplace ? null : (
        <Typography.Text type="secondary" className={css.overlapNote}>
          {t('spend.import.replaceNeedsDelete')}
        </Typography.Text>
      )}
    </div>
  );
}
