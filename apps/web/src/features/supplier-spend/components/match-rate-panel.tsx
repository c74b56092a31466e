/**
 * The spend home's match rate: how many rows, how much spend and how many vendors of
 * the selection are tied to a directory supplier, with the way to Supplier matching and
 * Certificates.
 */
import { Button, Card, Flex, Progress, Skeleton, Typography } from 'antd';
import { LinkOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatMoney } from '@spotzcity/shared/format';
import { matchRateQuery } from '../api/match-rate.ts';

const share = (part: number, whole: number) => (whole > 0 ? (100 * part) / whole : 0);

export function MatchRatePanel({ fileIds }: { fileIds: number[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rate = useQuery(matchRateQuery(fileIds));
  const r = rate.data;
  return (
    <Card
      size="small"
      title={t('verified.matchRate')}
      className="match-rate-panel"
      data-testid="match-rate"
    >
      {!r ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <Flex gap={24} wrap align="center">
          <Flex vertical style={{ minWidth: 200, flex: 1 }}>
            <Typography.Text data-testid="match-rate-spend">
              {t('verified.matchRateSpend', {
                percent: share(r.matchedSpend, r.spend).toFixed(1),
              })}{' '}
              <Typography.Text type="secondary">
                ({formatMoney(r.matchedSpend)} / {formatMoney(r.spend)})
              </Typography.Text>
            </Typography.Text>
            <Progress
              percent={Number(share(r.matchedSpend, r.spend).toFixed(1))}
              size="small"
              aria-label={t('verified.matchRateSpend', {
                percent: share(r.matchedSpend, r.spend).toFixed(1),
              })}
            />
          </Flex>
          <Flex vertical style={{ minWidth: 160 }}>
            <Typography.Text data-testid="match-rate-rows">
              {t('verified.matchRateRows', {
                matched: r.matchedRows.toLocaleString('en-US'),
                total: r.rows.toLocaleString('en-US'),
              })}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('verified.matchRateVendors', { matched: r.matchedVendors, total: r.vendors })}
            </Typography.Text>
          </Flex>
          <Flex gap={8} wrap>
            <Button
              icon={<LinkOutlined />}
              onClick={() => navigate('/home/verified/matching')}
              data-testid="open-matching"
            >
              {t('verified.openMatching')}
            </Button>
            <Button
              icon={<SafetyCertificateOutlined />}
              onClick={() => navigate('/home/verified/certificates')}
              data-testid="open-certificates"
            >
              {t('verified.openCertificates')}
            </Button>
          </Flex>
        </Flex>
      )}
    </Card>
  );
}
