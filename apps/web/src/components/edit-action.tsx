/** The pencil of a row: a text button with its label as tooltip and accessible name. */
import { Button, Tooltip } from 'antd';
import { EditOutlined } from '@ant-design/icons';

export interface EditActionProps {
  label: string;
  onClick: () => void;
  'data-testid'?: string;
}

export function EditAction({ label, onClick, 'data-testid': testId }: EditActionProps) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={<EditOutlined />}
        aria-label={label}
        onClick={onClick}
        data-testid={testId}
      />
    </Tooltip>
  );
}
