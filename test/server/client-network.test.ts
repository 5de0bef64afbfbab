import { networkOf } from "../../src/server/client-network";

// The network a client address stands for (issue 42 item 4): what the demo's rate limits and
// the admin sign-in throttle count. An IPv4 address is itself; an IPv6 address is its /48,
// however it is written.

describe("the network of a client address", () => {
  test("IPv4, and IPv4 mapped into IPv6, is the address itself", () => {
    expect(networkOf("192.0.2.7")).toBe("192.0.2.7");
    expect(networkOf("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(networkOf("::FFFF:198.51.100.1")).toBe("198.51.100.1");
  });

  test("IPv6 is its /48, whatever the spelling: case, zeros, `::`, a zone, an IPv4 tail", () => {
    const same = [
      "2001:db8:abcd::1",
      "2001:0db8:abcd:0000:0000:0000:0000:0001",
      "2001:DB8:ABCD:FFFF:FFFF:FFFF:FFFF:FFFF",
      "2001:db8:abcd:1::",
      "2001:db8:abcd:12:34:56:192.0.2.1",
      "2001:db8:abcd::1%eth0",
    ];
    for (const address of same)
      expect([address, networkOf(address)]).toEqual([address, "2001:db8:abcd::/48"]);
    expect(networkOf("2001:db8:abce::1")).toBe("2001:db8:abce::/48");
    expect(networkOf("::1")).toBe("0:0:0::/48");
    expect(networkOf("fe80::1")).toBe("fe80:0:0::/48");
    expect(networkOf("1::2:3:4:5:6:7")).toBe("1:0:2::/48");
  });

  test("anything that is not an address is kept as it is", () => {
    expect(networkOf("unknown")).toBe("unknown");
    expect(networkOf("")).toBe("");
  });
});
