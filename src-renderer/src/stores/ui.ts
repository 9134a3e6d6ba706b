/**
 * The person's settings: the language of the UI. App.vue applies it to vue-i18n and to Element
 * Plus (whose own texts, e.g. the pagination's, follow it).
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { detectLocale, ELEMENT_LOCALES, rememberLocale, type DojoLocale } from '../locales';

export const useUiStore = defineStore('ui', () => {
  const locale = ref<DojoLocale>(detectLocale());
  const elementLocale = computed(() => ELEMENT_LOCALES[locale.value]);

  function setLocale(next: DojoLocale): void {
    locale.value = next;
    rememberLocale(next);
  }

  return { locale, elementLocale, setLocale };
});
