import { OFFLINE_PAGE_PATH } from "../lib/paths";

export { OFFLINE_PAGE_PATH };
