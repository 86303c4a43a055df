import { FormControlLabel, Switch } from '@mui/material';

/** The incident lists' filter: 'Unresolved only' (on when a list opens). */
export const UnresolvedOnlySwitch = ({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (unresolvedOnly: boolean) => void;
}) => (
  <FormControlLabel
    sx={{ ml: 0, mr: 0 }}
    control={<Switch checked={checked} onChange={(event) => onChange(event.target.checked)} />}
    label="Unresolved only"
  />
);
