/**
 * The pencil and the trash of a record's row, each present only when the user's
 * flags allow it. Deleting asks first (DeleteAction) and shows the server's answer in the alert.
 *
 *   <RecordActions label="RFx" testId={`rfx-${id}`} onEdit={canEdit ? edit : undefined}
 *                  onDelete={canDelete ? () => remove.mutateAsync(id) : undefined} />
 */
import { useTranslation } from 'react-i18next';
import { useAlert } from './alert-modal.tsx';
import { DeleteAction } from './delete-action.tsx';
import { EditAction } from './edit-action.tsx';
import './records.css';
import css from './record-actions.module.css';

interface RecordActionsProps {
  /** What the record is called: 'RFx', 'Contract'. */
  label: string;
  /** This record's name ('Office furniture 2025'): the delete button and question name it. */
  name?: string;
  /** Prefix of the buttons' test ids: `${module}-edit-${id}`, `${module}-delete-${id}`. */
  module: string;
  id: number;
  onEdit?: () => void;
  onDelete?: () => Promise<{ message: string }>;
}

export function RecordActions({ label, name, module, id, onEdit, onDelete }: RecordActionsProps) {
  const { t } = useTranslation();
  const alert = useAlert();
  const editLabel = t('records.editLabel', { label });
  return (
    <span className={css.rowActions}>
      {onEdit && (
        <EditAction label={editLabel} onClick={onEdit} data-testid={`${module}-edit-${id}`} />
      )}
      {onDelete && (
        <DeleteAction
          label={label}
          name={name}
          data-testid={`${module}-delete-${id}`}
          onConfirm={() =>
            onDelete().then(
              (reply) => alert.showSuccess(reply.message),
              (error: Error) => alert.showError(error.message),
            )
          }
        />
      )}
    </span>
  );
}
