/**
 * All of Mantine's styles (in `@layer mantine`, like first-page-styles.ts), loaded with every page but the first
 * one (lazyPage): the rules the first page already has come again, identical, in the same layer.
 */
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
