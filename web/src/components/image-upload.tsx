import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { IMAGE_CONTENT_TYPES, LOGO_MAX_BYTES } from '@sitewalk/shared/constants';
import { imageFileProblem } from '../lib/upload.ts';
import { Picture } from './picture.tsx';

export interface ImageUploadProps {
  /** The field's name: 'Logo', 'Profile Picture'. */
  label: string;
  /** The picture saved now (a view URL), shown until another file is chosen; null when there is none. */
  currentUrl?: string | null;
  /** The chosen file, not yet uploaded; null when none is chosen. */
  value: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  /** Upload progress in percent while the file is sent; null or absent hides the bar. */
  progress?: number | null;
  /** At most this many bytes (the API's limit; 1,000,000 for logos and profile pictures). */
  maxBytes?: number;
  /** A round picture of a person or a square logo. */
  variant?: 'avatar' | 'logo';
}

/** What the picker offers: only the types the API signs uploads for (no SVG or HEIC). */
const ACCEPT = [...IMAGE_CONTENT_TYPES, '.png', '.jpg', '.jpeg'].join(',');

const sizeText = (bytes: number) =>
  bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1000))} KB`;

/** A data URL of the chosen file, for the preview (the CSP allows data: images). */
const usePreview = (file: File | null) => {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return file && preview?.file === file ? preview.url : undefined;
};

/**
 * One image for a logo or a profile picture, chosen but not yet sent: the type and size are checked at
 * once with the specs' messages ('Please select an image file', 'Invalid file type', 'File size is too
 * large'), a preview shows what will be saved, and `progress` shows the upload's bar. The caller sends
 * the file with lib/upload.ts `uploadImage` when the form is saved.
 */
export const ImageUpload = ({
  label,
  currentUrl,
  value,
  onChange,
  disabled = false,
  progress,
  maxBytes = LOGO_MAX_BYTES,
  variant = 'logo',
}: ImageUploadProps) => {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = usePreview(value);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = ''; // the same file chosen again is a change again
    if (!file) return;
    const reason = imageFileProblem(file, maxBytes);
    setProblem(reason);
    onChange(reason ? null : file);
  };

  const shownUrl = value ? preview : currentUrl;
  const uploading = progress !== null && progress !== undefined;

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-describedby={`${id}-help`}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Box
          sx={{ border: 1, borderColor: 'divider', borderRadius: variant === 'avatar' ? '50%' : 1, p: 0.5 }}
        >
          <Picture
            src={shownUrl}
            alt={value ? `${label} preview` : `Current ${label.toLowerCase()}`}
            variant={variant}
            size={72}
          />
        </Box>
        <Stack spacing={0.5} sx={{ minWidth: 0, alignItems: 'flex-start' }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              size="small"
              startIcon={<UploadIcon />}
              disabled={disabled}
              onClick={() => input.current?.click()}
            >
              Choose {label}
            </Button>
            {value && (
              <Button
                size="small"
                color="inherit"
                disabled={disabled}
                onClick={() => {
                  setProblem(null);
                  onChange(null);
                }}
              >
                Remove
              </Button>
            )}
          </Stack>
          <Typography
            id={`${id}-help`}
            variant="caption"
            color="text.secondary"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {value ? `${value.name} · ${sizeText(value.size)}` : `PNG or JPEG, at most ${sizeText(maxBytes)}`}
          </Typography>
        </Stack>
      </Stack>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept={ACCEPT}
        aria-label={label}
        tabIndex={-1}
        disabled={disabled}
        onChange={choose}
        style={{
          position: 'absolute',
          width: 1,
          height: 1,
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          clipPath: 'inset(50%)',
          whiteSpace: 'nowrap',
        }}
      />
      {problem && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {problem}
        </Typography>
      )}
      {uploading && (
        <Box sx={{ mt: 1.5, maxWidth: 320 }}>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={`Uploading ${label.toLowerCase()}`}
          />
          <Typography variant="caption" color="text.secondary">
            Uploading… {progress}%
          </Typography>
        </Box>
      )}
    </Box>
  );
};
