import { expect, test } from "bun:test";
import { isPublicAddress } from "./callback-url.ts";

test("public and non-public addresses", () => {
  for (const a of ["1.1.1.1", "8.8.8.8", "93.184.216.34", "2606:4700::1111", "2001:4860:4860::8888", "::ffff:8.8.8.8"]) expect(isPublicAddress(a)).toBe(true);
  for (const a of [
    "127.0.0.1", "10.0.0.1", "172.16.5.4", "172.31.255.255", "192.168.0.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255",
    "::1", "::", "fe80::1", "fd00:ec2::254", "fc00::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "64:ff9b::a9fe:a9fe", "ff02::1", "2001:db8::1", "not-an-ip",
  ]) expect(isPublicAddress(a)).toBe(false);
  expect(isPublicAddress("172.32.0.1")).toBe(true);
});
