import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Button, IconButton, Link, Switch } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import { theme } from '../../../src/custom/theme';

/** The app's emotion class of an element (css-…): the styles its theme overrides land in. */
const emotionClass = (el: Element) => [...el.classList].find((c) => c.startsWith('css-'))!;

/**
 * The outline and its offset declared for `el` (by its emotion class) in a rule whose selector
 * contains `state` (e.g. ':focus-visible'): what the browser draws round it in that state.
 * jsdom has no :focus-visible of its own, so the rules are read instead of the computed style.
 */
function ringOf(el: Element, state: string, inner = '') {
  const cls = emotionClass(el);
  for (const sheet of [...document.styleSheets]) {
    for (const rule of [...sheet.cssRules]) {
      if (!(rule instanceof CSSStyleRule)) continue;
      const hit = rule.selectorText.split(',').some((sel) => sel.includes(`.${cls}`) && sel.includes(state) && sel.trim().endsWith(inner));
      const outline = rule.style.getPropertyValue('outline');
      if (hit && outline) return { outline, offset: rule.style.getPropertyValue('outline-offset') };
    }
  }
  return undefined;
}

describe('theme: keyboard focus is visible', () => {
  it('buttons, icon buttons and switches get the links’ 2 px ring with an offset on :focus-visible', () => {
    render(
      <ThemeProvider theme={createTheme(theme)}>
        <Link href="/x">Guide</Link>
        <Button>Save</Button>
        <Button variant="contained">Submit</Button>
        <IconButton aria-label="Open menu">
          <MenuIcon />
        </IconButton>
        <Switch slotProps={{ input: { 'aria-label': 'Travel' } }} />
      </ThemeProvider>,
    );
    const linkRing = ringOf(screen.getByRole('link', { name: 'Guide' }), ':focus-visible');
    expect(linkRing).toEqual({ outline: expect.stringMatching(/^2px solid /), offset: '2px' });
    expect(ringOf(screen.getByRole('button', { name: 'Save' }), ':focus-visible')).toEqual(linkRing);
    expect(ringOf(screen.getByRole('button', { name: 'Submit' }), ':focus-visible')).toEqual(linkRing);
    expect(ringOf(screen.getByRole('button', { name: 'Open menu' }), ':focus-visible')).toEqual(linkRing);
    // the switch's input is hidden: the ring goes round the thumb when MUI marks it keyboard-focused
    const switchBase = screen.getByRole('switch', { name: 'Travel' }).closest('.MuiSwitch-switchBase')!;
    expect(ringOf(switchBase, '.Mui-focusVisible', '.MuiSwitch-thumb')).toEqual(linkRing);
  });
});
