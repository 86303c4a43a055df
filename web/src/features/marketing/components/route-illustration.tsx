import Box from '@mui/material/Box';

const units = (x: number, y: number, width: number, height: number, count: number) =>
  Array.from({ length: count }, (_, index) => (
    <rect
      key={`${x}-${y}-${index}`}
      x={x + (index * width) / count}
      y={y}
      width={width / count}
      height={height}
      fill="#dfe8f3"
      stroke="#b7c8dd"
      strokeWidth="1.5"
    />
  ));

const markers = [
  [230, 130],
  [410, 130],
  [410, 250],
  [230, 250],
  [60, 250],
  [60, 130],
] as const;

/**
 * A decorative site plan: rows of storage units, the fence and gate, and a walk of six numbered markers
 * (five reached, the sixth next). Inline SVG, hidden from assistive technology.
 */
export const RouteIllustration = () => (
  <Box
    sx={{
      bgcolor: 'background.paper',
      borderRadius: '24px',
      p: { xs: 1.5, sm: 2.5 },
      boxShadow: '0 24px 60px rgba(5, 20, 45, 0.35)',
      maxWidth: 520,
      mx: 'auto',
    }}
  >
    <Box
      component="svg"
      viewBox="0 0 480 365"
      aria-hidden="true"
      focusable="false"
      sx={{ display: 'block', width: '100%', height: 'auto' }}
    >
      <rect x="0" y="0" width="480" height="365" rx="14" fill="#f3f6fa" />
      <rect
        x="20"
        y="20"
        width="440"
        height="325"
        rx="12"
        fill="none"
        stroke="#9fb3cc"
        strokeWidth="2"
        strokeDasharray="6 6"
      />
      <rect x="205" y="14" width="50" height="12" rx="3" fill="#f3f6fa" />
      {units(90, 50, 110, 50, 4)}
      {units(260, 50, 120, 50, 4)}
      {units(90, 160, 110, 35, 4)}
      {units(90, 195, 110, 35, 4)}
      {units(260, 160, 120, 35, 4)}
      {units(260, 195, 120, 35, 4)}
      {units(90, 280, 290, 45, 10)}
      <path
        d="M230 20 V130 H410 V250 H60 V130"
        fill="none"
        stroke="#d64545"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {markers.map(([cx, cy], index) => {
        const next = index === markers.length - 1;
        return (
          <g key={index}>
            {next && <circle cx={cx} cy={cy} r="22" fill="#f2a541" opacity="0.3" />}
            <circle
              cx={cx}
              cy={cy}
              r="14"
              fill={next ? '#f2a541' : '#1d4e89'}
              stroke="#fff"
              strokeWidth="3"
            />
            <text
              x={cx}
              y={cy + 5}
              textAnchor="middle"
              fontSize="14"
              fontWeight="700"
              fontFamily="system-ui, sans-serif"
              fill={next ? '#1b1b1b' : '#fff'}
            >
              {index + 1}
            </text>
          </g>
        );
      })}
    </Box>
  </Box>
);
