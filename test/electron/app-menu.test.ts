import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { buildMenuTemplate } from '../../src-main/electron/app-menu';

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}

function roles(items: MenuItemConstructorOptions[]): string[] {
  return flatten(items).flatMap((item) => (item.role ? [item.role] : []));
}

describe('application menu', () => {
  it('has File (New cluster…, Quit), Edit, View and Help (About)', () => {
    const onNewCluster = vi.fn();
    const onAbout = vi.fn();
    const template = buildMenuTemplate({ isDev: false, isMac: false, onNewCluster, onAbout });
    expect(template.map((item) => item.label ?? item.role)).toEqual(['&File', 'editMenu', '&View', 'help']);
    const items = flatten(template);
    const newCluster = items.find((item) => item.id === 'new-cluster')!;
    expect(newCluster.label).toBe('New cluster…');
    (newCluster.click as () => void)();
    expect(onNewCluster).toHaveBeenCalledOnce();
    (items.find((item) => item.id === 'about')!.click as () => void)();
    expect(onAbout).toHaveBeenCalledOnce();
    expect(roles(template)).toContain('quit');
  });

  it('offers Reload and Toggle DevTools only in development', () => {
    const actions = { isMac: false, onNewCluster: () => {}, onAbout: () => {} };
    expect(roles(buildMenuTemplate({ ...actions, isDev: false }))).not.toContain('reload');
    expect(roles(buildMenuTemplate({ ...actions, isDev: false }))).not.toContain('toggleDevTools');
    expect(roles(buildMenuTemplate({ ...actions, isDev: false }))).not.toContain('forceReload');
    expect(roles(buildMenuTemplate({ ...actions, isDev: true }))).toEqual(expect.arrayContaining(['reload', 'toggleDevTools']));
  });

  it('on macOS starts with the app menu', () => {
    const template = buildMenuTemplate({ isDev: false, isMac: true, onNewCluster: () => {}, onAbout: () => {} });
    expect(template[0]!.role).toBe('appMenu');
  });
});
