/**
 * Width of every form card; react-admin Create/Edit take it as `sx={formCardSx}`. A module of
 * its own so the pages open without a session (Change Password) use it without react-admin's
 * form machinery (FormLayout.tsx re-exports it).
 */
export const formCardSx = { maxWidth: 720, width: '100%', boxSizing: 'border-box' } as const;

/** The save bar of every form: sticks to the bottom of the screen while a long form scrolls (FormToolbar, Change Password). */
export const saveBarSx = { position: 'sticky', bottom: 0, zIndex: 2, gap: 1, flexWrap: 'wrap', justifyContent: 'flex-start' } as const;
