import "@testing-library/jest-dom";
import { configure } from "@testing-library/react";

// The screen tests wait for real round trips (the proxy, then the sandbox provider with its
// password hashing): on a busy 2-core runner one took more than the library's 1 s default. A
// longer wait changes nothing for a test that passes, and a broken screen still fails.
configure({ asyncUtilTimeout: 5000 });
