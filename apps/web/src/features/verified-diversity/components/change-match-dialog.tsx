/**
 * Changes any vendor's match, an automatic UEI or DUNS one included: a directory supplier found
 * by name or DUNS, or none of them. Nothing changes until Assign or 'None of these' is pressed.
 */
import { useEffect, useState } from 'react';
import { Button, Flex, Modal, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DecidedMatch } from '@spotzcity/shared/verified-diversity';
import { useAlert } from '../../../components/alert-modal.tsx';
import { directorySearchQuery, useAssignVendor } from '../api/matching.ts';

export function ChangeMatchDialog({
  vendor,
  onClose,
}: {
  vendor: DecidedMatch;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const alert = useAlert();
  const assign = useAssignVendor();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [supplierId, setSupplierId] = useState<number | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const options = useQuery(directorySearchQuery(q));
  const decide = (id: number | null) =>
    assign.mutate(
      { supplierKey: vendor.supplierKey, supplierId: id },
      {
        onSuccess: (reply) => {
          onClose();
          alert.showSuccess(reply.message);
        },
        onError: (error) => alert.showError(error.message),
      },
    );
  const current =
    vendor.supplierId === null
      ? t('verified.noneOfThese')
      : `${vendor.supplierName} (DUNS ${vendor.supplierDuns})`;
  return (
    <Modal
      open
      title={t('verified.changeTitle', { vendor: vendor.vendorName })}
      onCancel={onClose}
      footer={
        <Flex justify="space-between" gap={8} wrap>
          <Button
            onClick={() => decide(null)}
            disabled={vendor.how === 'PERSON' && vendor.supplierId === null}
            loading={assign.isPending}
            data-testid="change-none"
          >
            {t('verified.noneOfThese')}
          </Button>
          <Flex gap={8}>
            <Button onClick={onClose}>{t('verified.cancel')}</Button>
            <Button
              type="primary"
              disabled={supplierId === null}
              loading={assign.isPending}
              onClick={() => decide(supplierId)}
              data-testid="change-assign"
            >
              {t('verified.assign')}
            </Button>
          </Flex>
        </Flex>
      }
      data-testid="change-match-dialog"
    >
      <Flex vertical gap={12}>
        <Typography.Text>{t('verified.changeText')}</Typography.Text>
        <Typography.Text type="secondary" data-testid="change-current">
          {t('verified.currentMatch', { match: current })}
        </Typography.Text>
        <Select<number>
          showSearch
          allowClear
          value={supplierId}
          filterOption={false}
          onSearch={setTyped}
          searchValue={typed}
          loading={options.isFetching}
          placeholder={t('verified.findSupplier')}
          notFoundContent={q.length < 2 ? t('verified.typeToFind') : t('verified.noSupplierFound')}
          options={(options.data ?? []).map((s) => ({
            value: s.id,
            label: `${s.name} · DUNS ${s.duns}${s.state ? ` · ${[s.city, s.state].filter(Boolean).join(', ')}` : ''}`,
          }))}
          onChange={(id) => setSupplierId(typeof id === 'number' ? id : null)}
          style={{ width: '100%' }}
          data-testid="change-supplier"
        />
      </Flex>
    </Modal>
  );
}
