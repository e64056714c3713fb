// Stands in for Gatsby runtime modules that do nothing on this site (see build/gatsby/webpack/trim.ts).
module.exports = {};
