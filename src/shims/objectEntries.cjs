/* global module */
// Object.entries itself, in place of the `object.entries` polyfill that node-polyglot (react-admin's
// i18n) requires: every browser Roll Call supports has it, and the polyfill brings some 15 kB of
// es-abstract helpers into the sign-in page. Aliased in vite.config.ts.
module.exports = Object.entries;
