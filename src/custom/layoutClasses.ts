/**
 * Class names of the signed-in frame's parts (RollCallLayout), for its print stylesheet that
 * leaves the frame out on paper.
 */
export const layoutClasses = {
  /** The whole frame: its top padding makes room for the fixed header. */
  frame: 'RollCall-frame',
  /** The menu's panel beside the page (from 600 px up). */
  sideMenu: 'RollCall-sideMenu',
  /** The page column (#main-content). */
  content: 'RollCall-content',
} as const;
