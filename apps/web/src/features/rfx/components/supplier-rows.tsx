/**
 * The repeatable supplier section of the RFx form: one block per invited
 * supplier; Point Of Contact appears (and is required) when the deal is Won, Reason For Loss when
 * it is a Loss, with a text for 'Other'. The remove control is hidden while only one row remains.
 */
import { Button, Form, Input, Row, Select, Tooltip, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEALS, OTHER_REASON, REASONS_FOR_LOSS, rfxSchema } from '@spotzcity/shared/rfx';
import { DiversitySelect, EthnicitySelect } from '../../../components/diversity.tsx';
import { recordField } from '../../../components/record-form.tsx';
import css from '../rfx.module.css';

const Field = recordField(rfxSchema);

const dealOptions = DEALS.map((d) => ({ value: d, label: d }));
const reasonOptions = REASONS_FOR_LOSS.map((r) => ({ value: r, label: r }));

export function SupplierRows({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  return (
    <Form.List name="rfxSupplier">
      {(fields, { add, remove }) => (
        <div className={css.supplierRows} data-testid="supplier-rows">
          {fields.map((field, index) => {
            const at = (name: string) => ['rfxSupplier', field.name, name];
            // A field of this row: its name within the list, its path in the schema.
            const item = (name: string) => ({ name: [field.name, name], path: at(name) });
            const testId = (name: string) => `supplier-${index}-${name}`;
            return (
              <section
                key={field.key}
                className={css.supplierRow}
                data-testid={`supplier-${index}`}
              >
                <header className={css.supplierRowHeader}>
                  <span className={css.supplierRowNumber}>{index + 1}</span>
                  <span className={css.supplierRowTitle}>
                    {t('rfx.form.supplierN', { n: index + 1 })}
                  </span>
                  {fields.length > 1 && (
                    <Tooltip title={t('rfx.form.removeSupplier', { n: index + 1 })}>
                      <Button
                        type="text"
                        danger
                        size="small"
                        icon={<DeleteOutlined />}
                        aria-label={t('rfx.form.removeSupplier', { n: index + 1 })}
                        onClick={() => remove(field.name)}
                        data-testid={testId('remove')}
                      />
                    </Tooltip>
                  )}
                </header>
                <Row gutter={16}>
                  <Field
                    {...item('supplierIncluded')}
                    label={t('rfx.form.supplierIncluded')}
                    required
                  >
                    <Input data-testid={testId('name')} />
                  </Field>
                  <Field
                    {...item('diversityCategory')}
                    label={t('rfx.diversityCategory')}
                    required
                    checkOnChange
                  >
                    <DiversitySelect
                      placeholder={t('records.select')}
                      data-testid={testId('diversity')}
                    />
                  </Field>
                  <Field
                    {...item('ethenicityCategory')}
                    label={t('rfx.ethnicityCategory')}
                    unchecked
                  >
                    <EthnicitySelect
                      placeholder={t('records.select')}
                      data-testid={testId('ethnicity')}
                    />
                  </Field>
                  <Field {...item('deals')} label={t('rfx.deals')} unchecked>
                    <Select
                      allowClear
                      options={dealOptions}
                      placeholder={t('rfx.form.noOutcome')}
                      data-testid={testId('deals')}
                    />
                  </Field>
                  <Form.Item noStyle dependencies={[at('deals'), at('reasonForLoss')]}>
                    {() => {
                      const deal = form.getFieldValue(at('deals')) as string | undefined;
                      const reason = form.getFieldValue(at('reasonForLoss')) as string | undefined;
                      if (deal === 'Won') {
                        return (
                          <Field
                            {...item('pointOfContact')}
                            label={t('rfx.form.pointOfContact')}
                            required
                          >
                            <Input data-testid={testId('contact')} />
                          </Field>
                        );
                      }
                      if (deal !== 'Loss') return null;
                      return (
                        <>
                          <Field
                            {...item('reasonForLoss')}
                            label={t('rfx.form.reasonForLoss')}
                            required
                            checkOnChange
                          >
                            <Select
                              options={reasonOptions}
                              placeholder={t('records.select')}
                              popupMatchSelectWidth={false}
                              data-testid={testId('reason')}
                            />
                          </Field>
                          {reason === OTHER_REASON && (
                            <Field
                              {...item('reasonForLossOther')}
                              label={t('rfx.form.reasonForLossOther')}
                              required
                            >
                              <Input data-testid={testId('reason-other')} />
                            </Field>
                          )}
                        </>
                      );
                    }}
                  </Form.Item>
                </Row>
              </section>
            );
          })}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({})}
            block
            data-testid="supplier-add"
          >
            {t('rfx.form.addSupplier')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
