import { createApp } from 'vue';
import { createPinia } from 'pinia';
import ElementPlus from 'element-plus';
import 'element-plus/dist/index.css';
import './styles.css';
import App from './App.vue';
import { API_CLIENT, createDefaultApiClient } from './api';
import { createDojoI18n } from './locales';
import { createDojoRouter } from './router';

// The client first: in a browser it takes `?token=` off the URL before the router reads it.
const client = createDefaultApiClient();

createApp(App).provide(API_CLIENT, client).use(createPinia()).use(createDojoI18n()).use(createDojoRouter()).use(ElementPlus).mount('#app');
