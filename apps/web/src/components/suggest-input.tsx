/**
 * A text field that suggests common values as the user types (those that contain the typed text,
 * in any case) and accepts any other text too: the record forms' category and type fields.
 */
import { AutoComplete, type AutoCompleteProps } from 'antd';

export interface SuggestInputProps extends Omit<AutoCompleteProps, 'options' | 'filterOption'> {
  suggestions: readonly string[];
  'data-testid'?: string;
}

export function SuggestInput({ suggestions, ...props }: SuggestInputProps) {
  return (
    <AutoComplete
      options={suggestions.map((value) => ({ value }))}
      filterOption={(input, option) =>
        String(option?.value ?? '')
          .toLowerCase()
          .includes(input.toLowerCase())
      }
      {...props}
    />
  );
}
