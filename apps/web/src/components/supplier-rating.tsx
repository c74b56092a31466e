/**
 * Supplier ratings wherever a supplier is listed (spec 01 "Rating modal"; Search Supplier reuses
 * it): five stars with halves; picking a star opens the modal with that rating and a comment;
 * saving POSTs when this user has not rated the supplier and PUTs when they have; closing without
 * saving leaves the earlier stars.
 *
 *   <SupplierRating
 *     supplier={{ name: row.name, duns: row.duns }}
 *     current={row.supplierRatingBo}
 *     onSaved={() => reloadList(queryKey)}
 *   />
 */
import { useState } from 'react';
import { Button, Flex, Form, Input, Modal, Rate, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '@spotzcity/shared/api';
import { COMMENT_MAX, RATING_MESSAGES, type Rating } from '@spotzcity/shared/ratings';
import { MESSAGES } from '@spotzcity/shared/validation';
import { api } from '../api/client.ts';
import { useAlert } from './alert-modal.tsx';
import { SubmitButton } from './form-footer.tsx';

export interface RatedSupplier {
  name: string;
  duns: string | null;
}

/** The signed-in user's own rating: `id` null when they have not rated the supplier. */
export interface OwnRating {
  id: number | null;
  rating: number;
  comment: string | null;
}

export interface RatingValues {
  rating: number;
  comment: string;
}

/** The spec's rule: create when there is no rating of this user yet, update otherwise. */
export function saveRating(supplier: RatedSupplier, current: OwnRating, values: RatingValues) {
  const body = {
    rating: values.rating,
    comment: values.comment.trim(),
    duns: supplier.duns ?? undefined,
    supplierName: supplier.name,
  };
  return current.id === null
    ? api.post<Envelope<Rating>>('/api/supplier/rating', body)
    : api.put<Envelope<Rating>>('/api/supplier/rating', { ...body, id: current.id });
}

export interface RatingModalProps {
  open: boolean;
  supplier: RatedSupplier;
  current: OwnRating;
  /** The star picked to open the modal. */
  initialRating: number;
  onClose: () => void;
  onSaved: (reply: Envelope<Rating>) => void;
}

export function RatingModal({
  open,
  supplier,
  current,
  initialRating,
  onClose,
  onSaved,
}: RatingModalProps) {
  const { t } = useTranslation();
  const alert = useAlert();
  const [form] = Form.useForm<RatingValues>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: RatingValues) => {
    setSaving(true);
    try {
      const reply = await saveRating(supplier, current, {
        rating: values.rating,
        comment: values.comment ?? '',
      });
      onSaved(reply);
      alert.showSuccess(reply.message || RATING_MESSAGES.submitted);
    } catch (error) {
      alert.showError((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('rating.title')}
      onCancel={onClose}
      destroyOnHidden
      centered
      width={480}
      footer={null}
    >
      <div data-testid="rating-modal">
        <Typography.Paragraph className="rating-modal-supplier" data-testid="rating-supplier">
          <Typography.Text strong>{supplier.name}</Typography.Text>
          {supplier.duns && (
            <Typography.Text type="secondary"> · DUNS {supplier.duns}</Typography.Text>
          )}
        </Typography.Paragraph>
        <Form<RatingValues>
          form={form}
          layout="vertical"
          initialValues={{ rating: initialRating, comment: current.comment ?? '' }}
          onFinish={(values) => void submit(values)}
          requiredMark={false}
        >
          <Form.Item
            name="rating"
            label={t('rating.yourRating')}
            rules={[
              {
                validator: (_, value: number | undefined) =>
                  value && value >= 0.5
                    ? Promise.resolve()
                    : Promise.reject(new Error(MESSAGES.required)),
              },
            ]}
          >
            <Rate allowHalf className="rating-modal-stars" data-testid="rating-modal-stars" />
          </Form.Item>
          <Form.Item
            name="comment"
            label={t('rating.comment')}
            rules={[{ max: COMMENT_MAX, message: MESSAGES.maxLength(COMMENT_MAX) }]}
          >
            <Input.TextArea
              rows={4}
              showCount
              maxLength={COMMENT_MAX}
              placeholder={t('rating.commentPlaceholder')}
              data-testid="rating-comment"
            />
          </Form.Item>
          <Flex justify="end" gap={8}>
            <Button onClick={onClose} data-testid="rating-cancel">
              {t('rating.cancel')}
            </Button>
            <SubmitButton saving={saving} data-testid="rating-submit">
              {t('rating.submit')}
            </SubmitButton>
          </Flex>
        </Form>
      </div>
    </Modal>
  );
}

export interface SupplierRatingProps {
  supplier: RatedSupplier;
  current: OwnRating;
  onSaved: (reply: Envelope<Rating>) => void;
  disabled?: boolean;
  'data-testid'?: string;
}

/** The stars of a supplier row: they show the user's own rating and open the modal. */
export function SupplierRating({
  supplier,
  current,
  onSaved,
  disabled,
  'data-testid': testId = 'supplier-rating',
}: SupplierRatingProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<number | null>(null);

  return (
    <span
      className="supplier-rating"
      onClick={(event) => event.stopPropagation()}
      data-testid={testId}
      data-rating={current.rating}
    >
      {/* Controlled by the saved rating: closing the modal without saving restores it. */}
      <Rate
        allowHalf
        allowClear={false}
        value={current.rating}
        disabled={disabled}
        onChange={(value) => setPicked(value)}
        aria-label={t('rating.rateSupplier', { name: supplier.name })}
      />
      <RatingModal
        open={picked !== null}
        supplier={supplier}
        current={current}
        initialRating={picked ?? current.rating}
        onClose={() => setPicked(null)}
        onSaved={(reply) => {
          setPicked(null);
          onSaved(reply);
        }}
      />
    </span>
  );
}
