import { DialogContent, TextField } from '@mui/material';
import { useState } from 'react';
import { UNIT_RANGE_MAX } from '@sitewalk/shared/constants';
import { stripUnitRange } from '@sitewalk/shared/schemas/walk';
import { FormDialog } from '../../../components/form-dialog.tsx';

export interface UnitRangeDialogProps {
  open: boolean;
  /** The point whose range is edited; none for 'Add Unit Number Range'. */
  point?: { label: number; unitNumberRange: string };
  onCancel: () => void;
  onSubmit: (text: string) => void;
}

export const unitRangeTitle = (label?: number) =>
  label === undefined ? 'Enter Unit Number Range' : `Edit Unit Number Range for Point ${label}`;

/** The unit-range modal: only digits, commas, spaces and hyphens stay as one types. */
export const UnitRangeDialog = ({ open, point, onCancel, onSubmit }: UnitRangeDialogProps) => (
  <FormDialog
    open={open}
    title={unitRangeTitle(point?.label)}
    submitLabel="Save"
    onCancel={onCancel}
    maxWidth="xs"
  >
    {(formId) => <UnitRangeForm formId={formId} initial={point?.unitNumberRange ?? ''} onSubmit={onSubmit} />}
  </FormDialog>
);

const UnitRangeForm = ({
  formId,
  initial,
  onSubmit,
}: {
  formId: string;
  initial: string;
  onSubmit: (text: string) => void;
}) => {
  const [text, setText] = useState(initial);
  return (
    <DialogContent>
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(text.trim());
        }}
      >
        <TextField
          label="Unit Number Range"
          autoFocus
          fullWidth
          margin="dense"
          value={text}
          onChange={(event) => setText(stripUnitRange(event.target.value).slice(0, UNIT_RANGE_MAX))}
          helperText="Digits, commas, spaces and hyphens, such as 100-120, 130"
          slotProps={{ htmlInput: { maxLength: UNIT_RANGE_MAX } }}
        />
      </form>
    </DialogContent>
  );
};
