/** Mounting renderer components the way the app does: Pinia, vue-i18n, Element Plus, the api client. */
import { flushPromises, mount, type ComponentMountingOptions, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import ElementPlus from 'element-plus';
import { nextTick, type Component } from 'vue';
import { createMemoryHistory, createRouter, type Router } from 'vue-router';
import { API_CLIENT, type ApiClient } from '../../../src-renderer/src/api';
import { createDojoI18n, type DojoLocale } from '../../../src-renderer/src/locales';
import { routes } from '../../../src-renderer/src/router';

export interface MountOptions<C> {
  readonly client: ApiClient;
  readonly props?: ComponentMountingOptions<C>['props'];
  readonly locale?: DojoLocale;
  /** A memory-history router over the app's routes (for views with router links). */
  readonly router?: boolean;
}

export interface Mounted {
  readonly wrapper: VueWrapper;
  readonly pinia: Pinia;
  readonly router: Router | null;
}

const mounted = new Set<VueWrapper>();

/** Unmounts all that mountWithApp mounted and empties the body (teleported dialogs too): `afterEach(unmountAll)`. */
export function unmountAll(): void {
  for (const wrapper of mounted) wrapper.unmount();
  mounted.clear();
  document.body.innerHTML = '';
}

export function mountWithApp<C extends Component>(component: C, options: MountOptions<C>): Mounted {
  const pinia = createPinia();
  setActivePinia(pinia);
  const i18n = createDojoI18n(options.locale ?? 'en');
  const plugins: unknown[] = [pinia, i18n, ElementPlus];
  let router: Router | null = null;
  if (options.router) {
    router = createRouter({ history: createMemoryHistory(), routes });
    plugins.push(router);
  }
  const wrapper = mount(component, {
    props: options.props,
    attachTo: document.body,
    global: {
      plugins: plugins as never[],
      provide: { [API_CLIENT as symbol]: options.client },
    },
  } as ComponentMountingOptions<C>) as unknown as VueWrapper;
  mounted.add(wrapper);
  return { wrapper, pinia, router };
}

/** Lets every pending promise, re-render and chained call finish. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await flushPromises();
    await nextTick();
  }
}
