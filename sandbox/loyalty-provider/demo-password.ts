/** The password of the sandbox's demo members (README), and of the members tests register: one place, no imports. */
export const DEMO_PASSWORD = "Demo-2026!";
