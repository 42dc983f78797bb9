import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { rc } from '../domain/messages';

/** The organisation's blue: app bar, buttons and every link (about 11:1 on white and on striped rows). */
const PRIMARY = '#1a3a6b';

/** A theme-coloured keyboard focus ring, drawn outside the element so it never hides text. */
const focusRing = { outline: `2px solid ${PRIMARY}`, outlineOffset: 2 } as const;

/**
 * One input variant app-wide: 'filled' (react-admin's own default, written out here so that every
 * react-admin input and the MUI date and time pickers of src/common, which take the theme's
 * default, look alike). Pages never pass `variant`.
 */
const INPUT_VARIANT = 'filled' as const;

const base = defaultTheme.components ?? {};

/**
 * Roll Call's theme: react-admin's default theme with the organisation's colours,
 * one input variant ('filled'), links (MUI Link and bare <a>) in the primary colour, never the
 * browser's blue or visited purple, the same visible focus outline on links, buttons, icon
 * buttons and switches, and spinners named 'Loading…'.
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  // Toasts and alerts carry white text on these: MUI's default warning orange (3.0:1) and info blue
  // (3.9:1) fail WCAG AA contrast; these darker shades pass (about 5:1 and 7:1).
  palette: { primary: { main: PRIMARY }, secondary: { main: PRIMARY }, warning: { main: '#b45309' }, info: { main: '#01579b' } },
  components: {
    ...base,
    MuiTextField: { ...base.MuiTextField, defaultProps: { ...base.MuiTextField?.defaultProps, variant: INPUT_VARIANT } },
    MuiFormControl: { ...base.MuiFormControl, defaultProps: { ...base.MuiFormControl?.defaultProps, variant: INPUT_VARIANT } },
    // Buttons, icon buttons and switches show keyboard focus with the links' ring instead of
    // MUI's faint focus ripple alone, which officers outdoors and auditors tabbing through a
    // list could not see. MUI's Mui-focusVisible class is its own reading of :focus-visible.
    MuiButton: { styleOverrides: { root: { '&:focus-visible, &.Mui-focusVisible': focusRing } } },
    MuiIconButton: { styleOverrides: { root: { '&:focus-visible, &.Mui-focusVisible': focusRing } } },
    // A switch's focus is on its hidden input and its root clips what overflows: the ring goes
    // round the thumb, inside the root. Two rules: a browser without :has() drops only the second.
    MuiSwitch: {
      styleOverrides: {
        switchBase: {
          '&.Mui-focusVisible .MuiSwitch-thumb': focusRing,
          '&:has(input:focus-visible) .MuiSwitch-thumb': focusRing,
        },
      },
    },
    MuiLink: {
      defaultProps: { color: 'primary' },
      styleOverrides: { root: { '&:focus-visible': focusRing } },
    },
    // Every spinner has a name for screen readers (react-admin's header LoadingIndicator has none).
    MuiCircularProgress: { defaultProps: { 'aria-label': rc.app.loading } },
    MuiCssBaseline: {
      styleOverrides: {
        // Element selectors: MUI components drawn as <a> (buttons, menu items) keep their own colour.
        a: { color: PRIMARY },
        'a:focus-visible': focusRing,
      },
    },
  },
};
