// Stands in for Gatsby runtime modules that do nothing on this site (see gatsby/framework/webpack/trim.ts).
module.exports = {};
