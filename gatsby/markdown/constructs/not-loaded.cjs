// Stands in for the build-time imports of a construct module where only its light fields are read (./light-view.cjs).
module.exports = {};
