// The release's `server/cli.js` (compile-host.ts bundles it): the host of `npm run serve`, its
// default --dist set first to the release's own add-in. The order of these imports is the order
// they run in.
import "./dist-default";
import "../../src/server/cli";
