/**
 * The mark: a walk route through markers on a rounded tile, the last one reached (amber). Drawn inline,
 * no request, and no MUI: the sign-in pages use it too.
 */
export const LogoMark = ({ size = 32 }: { size?: number }) => (
  <svg
    viewBox="0 0 32 32"
    width={size}
    height={size}
    aria-hidden="true"
    focusable="false"
    style={{ display: 'block', flexShrink: 0 }}
  >
    <rect width="32" height="32" rx="8" fill="#1d4e89" />
    <path
      d="M7 23.5 13 15l5.5 4.5L25 8.5"
      fill="none"
      stroke="#fff"
      strokeWidth="2.4"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
    <circle cx="7" cy="23.5" r="2.6" fill="#fff" />
    <circle cx="13" cy="15" r="2.6" fill="#fff" />
    <circle cx="18.5" cy="19.5" r="2.6" fill="#fff" />
    <circle cx="25" cy="8.5" r="3.2" fill="#f2a541" />
  </svg>
);
