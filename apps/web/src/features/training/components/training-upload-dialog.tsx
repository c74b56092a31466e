import { useMemo, useState } from 'react';
import { AutoComplete, Form, Input } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  TRAINING_FORMATS,
  TRAINING_LIMITS,
  TRAINING_MESSAGES,
  categorySchema,
  normaliseCategory,
  videoLinkSchema,
  type TrainingType,
} from '@spotzcity/shared/training';
import { zodRule } from '../../../components/form-rules.ts';
import { UploadDialog, type UploadAlternative } from '../../../components/upload-dialog.tsx';
import { addVideoLink, toTrainingForm, uploadPath } from '../api/add-training.ts';
import { categoriesQuery } from '../api/get-categories.ts';
import { trainingKeys } from '../api/list-training.ts';

interface Values extends Record<string, unknown> {
  category: string;
  url?: string;
}

/**
 * A category picker: choose one of the existing categories or type a new one. Form.Item's `id`
 * (what its label's `for` names) and `onBlur` (its validation trigger) reach the input.
 */
function CategoryInput({
  id,
  value,
  onChange,
  onBlur,
  categories,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  categories: string[];
}) {
  const { t } = useTranslation();
  const typed = normaliseCategory(value ?? '');
  const options = useMemo(() => {
    const matching = categories.filter((c) => c.toLowerCase().includes(typed.toLowerCase()));
    const isNew = typed !== '' && !categories.some((c) => c.toLowerCase() === typed.toLowerCase());
    return [
      ...(isNew ? [{ value: typed, label: t('training.newCategory', { category: typed }) }] : []),
      ...matching.map((c) => ({ value: c, label: c })),
    ];
  }, [categories, typed, t]);
  return (
    <AutoComplete
      id={id}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      options={options}
      placeholder={t('training.categoryPlaceholder')}
      maxLength={TRAINING_LIMITS.categoryMax}
      showSearch={{ filterOption: false }}
      data-testid="training-category"
    />
  );
}

export interface TrainingUploadDialogProps {
  type: TrainingType | null;
  onClose: () => void;
}

/** 'Add Videos' and 'Add Modules': a file (or, for videos, a link) plus a category. */
export function TrainingUploadDialog({ type, onClose }: TrainingUploadDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [lastType, setLastType] = useState<TrainingType>('video');
  if (type && type !== lastType) setLastType(type);
  const shown = type ?? lastType;
  const categories = useQuery({ ...categoriesQuery(shown), enabled: type !== null });

  const accept = useMemo(
    () => ({
      extensions: TRAINING_FORMATS[shown].flatMap((f) => f.extensions.map((e) => `.${e}`)),
    }),
    [shown],
  );

  const alternative: UploadAlternative<Values> | undefined =
    shown === 'video'
      ? {
          fileLabel: t('training.byFile'),
          label: t('training.byLink'),
          fields: (
            <Form.Item
              name="url"
              label={t('training.url')}
              extra={t('training.urlHelp')}
              rules={[zodRule(videoLinkSchema)]}
              validateTrigger="onBlur"
            >
              <Input
                placeholder={t('training.urlPlaceholder')}
                inputMode="url"
                data-testid="training-url"
              />
            </Form.Item>
          ),
          submit: (values) => addVideoLink({ category: values.category, url: values.url ?? '' }),
        }
      : undefined;

  return (
    <UploadDialog<Values>
      open={type !== null}
      title={shown === 'video' ? t('training.addVideoTitle') : t('training.addModuleTitle')}
      path={uploadPath(shown)}
      accept={accept}
      hint={shown === 'video' ? t('training.videoFormats') : t('training.moduleFormats')}
      toFormData={(file, values) => toTrainingForm(file, values)}
      alternative={alternative}
      successMessage={TRAINING_MESSAGES.added}
      submitLabel={t('training.add')}
      onClose={onClose}
      onDone={() => void queryClient.invalidateQueries({ queryKey: trainingKeys.all })}
      data-testid={`training-upload-${shown}`}
    >
      <Form.Item
        name="category"
        label={t('training.category')}
        rules={[zodRule(categorySchema)]}
        // Checked as it is typed too, so a 'Required' from an empty submit goes once it is filled.
        validateTrigger={['onChange', 'onBlur']}
      >
        <CategoryInput categories={categories.data ?? []} />
      </Form.Item>
    </UploadDialog>
  );
}
