// office-addin-mock needs only OfficeApp from office-addin-manifest, whose own dependencies
// are ESM-only and cannot be loaded by jest on Node 20 (see jest.config.js).
module.exports = {
  OfficeApp: {
    Excel: "excel",
    OneNote: "onenote",
    Outlook: "outlook",
    PowerPoint: "powerpoint",
    Project: "project",
    Word: "word",
  },
};
