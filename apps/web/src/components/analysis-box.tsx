/**
 * The free-text analysis of a dashboard ('Spend Analysis', 'Market Share Analysis' …), saved per
 * organisation and report (./use-analysis.ts holds the text): the same report key brings the same
 * text back, and the export bar includes it in every download.
 *
 *   const analysis = useAnalysis(reportKey('spend', { fileIds }));
 *   <AnalysisBox title="Spend Analysis" analysis={analysis} />
 *   <ExportBar … analysis={analysis.text} />
 */
import { Button, Card, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ANALYSIS_MAX } from '@spotzcity/shared/report-words';
import type { AnalysisState } from './use-analysis.ts';

export function AnalysisBox({ title, analysis }: { title: string; analysis: AnalysisState }) {
  const { t } = useTranslation();
  return (
    <Card
      title={title}
      size="small"
      data-testid="analysis-box"
      // An empty box is a prompt, not content: it is not printed.
      data-print={analysis.text.trim() ? undefined : 'hide'}
      extra={
        <Space data-print="hide">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {analysis.isDirty ? t('exports.unsaved') : analysis.text ? t('exports.saved') : ''}
          </Typography.Text>
          <Button
            size="small"
            type="primary"
            disabled={!analysis.isDirty}
            loading={analysis.isSaving}
            onClick={() => void analysis.save()}
            data-export-ignore="true"
            data-testid="analysis-save"
          >
            {t('exports.save')}
          </Button>
        </Space>
      }
    >
      <Input.TextArea
        value={analysis.text}
        onChange={(event) => analysis.setText(event.target.value)}
        onBlur={() => {
          if (analysis.isDirty) void analysis.save();
        }}
        autoSize={{ minRows: 4, maxRows: 12 }}
        maxLength={ANALYSIS_MAX}
        placeholder={t('exports.analysisPlaceholder')}
        disabled={analysis.isLoading}
        aria-label={title}
        data-testid="analysis-text"
      />
      {/* The whole text when printed: a text area shows only what fits in it. */}
      <div className="analysis-print">{analysis.text}</div>
    </Card>
  );
}
