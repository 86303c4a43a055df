import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Button, type ButtonProps } from '@mui/material';
import type { ChangeEvent } from 'react';

export interface PhotoInputProps {
  /** The file input's accessible name (what journeys and screen readers find it by). */
  name: string;
  /** The button's words; the name unless told. */
  text?: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  variant?: ButtonProps['variant'];
  fullWidth?: boolean;
}

/**
 * A camera button: a file input for images that opens the back camera on phones (`capture`), named for
 * assistive technology and journeys, inside a button-looking label.
 */
export const PhotoInput = ({
  name,
  text = name,
  multiple = false,
  disabled = false,
  onFiles,
  variant = 'outlined',
  fullWidth = false,
}: PhotoInputProps) => (
  <Button
    component="label"
    variant={variant}
    size="large"
    disabled={disabled}
    fullWidth={fullWidth}
    startIcon={<PhotoCameraIcon />}
    sx={{ minHeight: 48, position: 'relative', overflow: 'hidden' }}
  >
    {text}
    <input
      type="file"
      accept="image/*"
      capture="environment"
      multiple={multiple}
      disabled={disabled}
      aria-label={name}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        const files = [...(event.target.files ?? [])];
        event.target.value = '';
        if (files.length) onFiles(files);
      }}
      style={{
        position: 'absolute',
        width: 1,
        height: 1,
        opacity: 0,
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
      }}
    />
  </Button>
);
