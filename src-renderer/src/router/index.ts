/**
 * Routes. Hash history, so that the app works from file:// in Electron and from the headless
 * server's single page alike. Created after the api client took `?token=` off the URL (the hash
 * history remembers the page's path and query as its base).
 */
import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router';
import { welcomeSeen } from '../views/welcome/first-run';

export const routes: RouteRecordRaw[] = [
  // The first run opens on the welcome page; after that, on the overview.
  { path: '/', redirect: () => (welcomeSeen() ? '/overview' : '/welcome') },
  { path: '/welcome', name: 'welcome', component: () => import('../views/welcome/WelcomeView.vue') },
  { path: '/clusters', name: 'clusters', component: () => import('../views/clusters/ClustersView.vue') },
  { path: '/overview', name: 'overview', component: () => import('../views/overview/OverviewView.vue') },
  { path: '/dashboard', name: 'dashboard', component: () => import('../views/dashboard/DashboardView.vue') },
  { path: '/brokers', name: 'brokers', component: () => import('../views/brokers/BrokersView.vue') },
  { path: '/topics', name: 'topics', component: () => import('../views/topics/TopicsView.vue') },
  { path: '/create-topic', name: 'create-topic', component: () => import('../views/topics/CreateTopicView.vue') },
  { path: '/topics/:name', name: 'topic', component: () => import('../views/topics/TopicDetailView.vue'), props: true },
  { path: '/topics/:name/alter', name: 'alter-topic', component: () => import('../views/topics/AlterTopicView.vue'), props: true },
  { path: '/messages', name: 'messages', component: () => import('../views/messages/MessagesView.vue') },
  { path: '/groups', name: 'groups', component: () => import('../views/groups/GroupsView.vue') },
  { path: '/elections', name: 'elections', component: () => import('../views/elections/ElectionsView.vue') },
  { path: '/reassignments', name: 'reassignments', component: () => import('../views/reassignments/ReassignmentsView.vue') },
  { path: '/quotas', name: 'quotas', component: () => import('../views/quotas/QuotasView.vue') },
  { path: '/transactions', name: 'transactions', component: () => import('../views/transactions/TransactionsView.vue') },
  { path: '/deletions', name: 'deletions', component: () => import('../views/deletions/DeletionsView.vue') },
  { path: '/zookeeper', name: 'zookeeper', component: () => import('../views/zookeeper/ZooKeeperView.vue') },
  { path: '/log-dirs', name: 'log-dirs', component: () => import('../views/log-dirs/LogDirsView.vue') },
  { path: '/log-dirs/segment', name: 'log-segment', component: () => import('../views/log-dirs/SegmentView.vue') },
  { path: '/timeline', name: 'timeline', component: () => import('../views/timeline/TimelineView.vue') },
  { path: '/:pathMatch(.*)*', redirect: '/overview' },
];

export function createDojoRouter() {
  return createRouter({ history: createWebHashHistory(), routes });
}
