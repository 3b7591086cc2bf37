/** Flags drawn inline: emoji flags need a colour emoji font, which many office PCs lack. */
export function Flag({ code }: { code: 'vi' | 'en' }) {
  if (code === 'vi') {
    return (
      <svg className="flag" data-flag="vi" width="22" height="15" viewBox="0 0 30 20" aria-hidden>
        <rect width="30" height="20" fill="#da251d" />
        <polygon fill="#ffff00" points="15,4 16.76,9.43 22.47,9.43 17.85,12.77 19.61,18.2 15,14.85 10.39,18.2 12.15,12.77 7.53,9.43 13.24,9.43" />
      </svg>
    );
  }
  return (
    <svg className="flag" data-flag="en" width="22" height="15" viewBox="0 0 60 40" aria-hidden>
      <rect width="60" height="40" fill="#012169" />
      <path d="M0,0 60,40 M60,0 0,40" stroke="#fff" strokeWidth="8" />
      <path d="M0,0 60,40 M60,0 0,40" stroke="#c8102e" strokeWidth="3" />
      <path d="M30,0 V40 M0,20 H60" stroke="#fff" strokeWidth="12" />
      <path d="M30,0 V40 M0,20 H60" stroke="#c8102e" strokeWidth="7" />
    </svg>
  );
}
