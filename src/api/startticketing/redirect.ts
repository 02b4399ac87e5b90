import { redirectHandler } from "../../server/redirect-function";

export default redirectHandler("startticketing");
