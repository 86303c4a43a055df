import { useEffect, useState } from 'react';

/**
 * A QR code of `text`, drawn in the browser by the `qrcode` package (loaded only when one is shown; nothing
 * leaves the page): an SVG image, black on white with a quiet zone, as phone cameras read best.
 */
export const QrCode = ({ text, label, size = 184 }: { text: string; label: string; size?: number }) => {
  const [svg, setSvg] = useState<{ text: string; image: string } | null>(null);

  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then(({ toString }) => toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((image) => {
        if (current) setSvg({ text, image });
      });
    return () => {
      current = false;
    };
  }, [text]);

  const box = { width: size, height: size, display: 'block' } as const;
  if (svg?.text !== text) return <span style={box} role="img" aria-label={label} aria-busy="true" />;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.image)}`}
      alt={label}
      width={size}
      height={size}
      style={{ ...box, imageRendering: 'pixelated' }}
    />
  );
};

/** A TOTP key as people copy it by hand: groups of four. */
export const groupedKey = (key: string) => key.replace(/(.{4})(?=.)/g, '$1 ');
