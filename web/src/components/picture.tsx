import { Avatar, Box } from '@mui/material';
import PersonIcon from '@mui/icons-material/Person';
import BusinessIcon from '@mui/icons-material/Business';
import { useEffect, useState } from 'react';
import { PROFILE_IMAGE_TIMEOUT_MS } from '@sitewalk/shared/constants';

export interface PictureProps {
  /** The image's URL; null or undefined (nothing uploaded, or not known yet) shows the generic picture. */
  src: string | null | undefined;
  /** What the picture shows: 'Logo of Acme Storage', 'Ada Lovelace'; '' when a name stands beside it. */
  alt: string;
  /** A round person ('avatar') or a square company mark ('logo'). */
  variant: 'avatar' | 'logo';
  /** Width and height in px. */
  size?: number;
  /** How long the image may take before the generic picture shows instead (the specs' 5 s). */
  timeoutMs?: number;
}

type Shown = 'loading' | 'loaded' | 'failed';

/**
 * An image by URL with the generic picture on failure: when it cannot load, or has not loaded within
 * 5 s (the profile picture's timeout), or there is none. The same for people and logos.
 */
export const Picture = ({
  src,
  alt,
  variant,
  size = 40,
  timeoutMs = PROFILE_IMAGE_TIMEOUT_MS,
}: PictureProps) => {
  // The state belongs to one URL: a new URL starts loading again.
  const [state, setState] = useState<{ src: string | null | undefined; shown: Shown }>({
    src,
    shown: 'loading',
  });
  const shown: Shown = state.src === src ? state.shown : 'loading';
  const settle = (next: Shown) =>
    setState((current) =>
      current.src === src && current.shown !== 'loading' ? current : { src, shown: next },
    );

  useEffect(() => {
    if (!src) return;
    const timer = setTimeout(
      () =>
        setState((current) =>
          current.src === src && current.shown === 'loaded' ? current : { src, shown: 'failed' },
        ),
      timeoutMs,
    );
    return () => clearTimeout(timer);
  }, [src, timeoutMs]);

  const generic = !src || shown === 'failed';
  // An empty alt marks a decorative picture (a name stands beside it): the generic one is hidden too.
  const named = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true };
  const radius = variant === 'avatar' ? '50%' : 1;

  if (generic) {
    return variant === 'avatar' ? (
      <Avatar {...named} sx={{ width: size, height: size }} data-picture="generic">
        <PersonIcon sx={{ fontSize: size * 0.6 }} />
      </Avatar>
    ) : (
      <Box
        {...named}
        data-picture="generic"
        sx={{
          width: size,
          height: size,
          flexShrink: 0,
          borderRadius: radius,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'grey.200',
          color: 'grey.700',
        }}
      >
        <BusinessIcon sx={{ fontSize: size * 0.6 }} />
      </Box>
    );
  }

  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      data-picture={shown}
      onLoad={() => settle('loaded')}
      onError={() => settle('failed')}
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: radius,
        objectFit: variant === 'avatar' ? 'cover' : 'contain',
        bgcolor: variant === 'avatar' ? 'grey.200' : 'transparent',
        display: 'block',
      }}
    />
  );
};
