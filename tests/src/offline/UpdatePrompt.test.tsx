import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UpdatePrompt } from '../../../src/offline/UpdatePrompt';
import { setUpdateWaiting } from '../../../src/offline/updateState';

afterEach(() => act(() => setUpdateWaiting(null)));

describe('UpdatePrompt', () => {
  it('says nothing until a new version waits, then offers Reload, which lets the new version take over once', async () => {
    render(<UpdatePrompt />);
    expect(screen.queryByText('A new version is available')).not.toBeInTheDocument();

    const activate = vi.fn();
    act(() => setUpdateWaiting(activate));
    expect(await screen.findByText('A new version is available')).toBeVisible();
    const reload = screen.getByRole('button', { name: 'Reload' });
    await userEvent.click(reload);
    expect(activate).toHaveBeenCalledTimes(1);
    // pressed once: the page is on its way to reloading
    expect(reload).toBeDisabled();
  });
});
