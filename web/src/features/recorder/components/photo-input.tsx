import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Box } from '@mui/material';
import { useId, type ChangeEvent } from 'react';

export interface PhotoInputProps {
  /** The file input's accessible name (what journeys and screen readers find it by). */
  name: string;
  /** The button's words; the name unless told. */
  text?: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  /** Filled (the step's main action) or outlined. */
  variant?: 'contained' | 'outlined';
  fullWidth?: boolean;
}

/**
 * A camera button: a file input for images that opens the back camera on phones (`capture`), named for
 * assistive technology and journeys. The input itself takes focus and clicks; its label only looks like a
 * button (a button around an input would nest two controls).
 */
export const PhotoInput = ({
  name,
  text = name,
  multiple = false,
  disabled = false,
  onFiles,
  variant = 'outlined',
  fullWidth = false,
}: PhotoInputProps) => {
  const id = useId();
  return (
    <Box sx={{ position: 'relative', display: fullWidth ? 'block' : 'inline-block', minWidth: 0 }}>
      <input
        id={id}
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
        className="photo-input"
        style={{
          position: 'absolute',
          width: 1,
          height: 1,
          opacity: 0,
          overflow: 'hidden',
          clipPath: 'inset(50%)',
          whiteSpace: 'nowrap',
        }}
      />
      <Box
        component="label"
        htmlFor={id}
        sx={(theme) => ({
          ...theme.typography.button,
          fontSize: '0.9375rem',
          lineHeight: 1.2,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 1,
          minHeight: 48,
          height: '100%',
          px: 1,
          borderRadius: 1,
          cursor: disabled ? 'default' : 'pointer',
          textAlign: 'center',
          border: 1,
          borderColor: disabled ? 'action.disabled' : 'primary.main',
          color: disabled
            ? 'text.disabled'
            : variant === 'contained'
              ? 'primary.contrastText'
              : 'primary.main',
          bgcolor: disabled
            ? 'action.disabledBackground'
            : variant === 'contained'
              ? 'primary.main'
              : 'transparent',
          '.photo-input:focus-visible + &': {
            outline: `3px solid ${theme.palette.primary.light}`,
            outlineOffset: 2,
          },
          '&:hover': disabled
            ? undefined
            : { bgcolor: variant === 'contained' ? 'primary.dark' : 'rgba(25, 118, 210, 0.06)' },
        })}
      >
        <PhotoCameraIcon fontSize="small" aria-hidden />
        {text}
      </Box>
    </Box>
  );
};
