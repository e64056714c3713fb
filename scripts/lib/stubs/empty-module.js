// Stands in for Gatsby runtime modules that do nothing on this site (see scripts/lib/webpack-trim.ts).
module.exports = {};
