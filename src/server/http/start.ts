// The bundle's entry (build/server.cjs): starts the production server, or says why it cannot.
import { main } from "./main";

main().catch((error: unknown) => {
  console.error(`The server cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
