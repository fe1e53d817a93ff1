package kubelet

import (
	"fmt"
	"net/netip"
)

// ipam hands out pod IPs from the node's podCIDR the way the host-local
// IPAM plugin of the CNI (kindnet, flannel, the bridge plugin) does: the
// network address and the gateway (.1) are reserved, addresses go round-
// robin from the one after the last handed out, skipping those in use, and
// wrap at the end of the range. So on a fresh node the first pod gets .2,
// and a deleted pod's address is only reused once the range wraps.
type ipam struct {
	prefix netip.Prefix
	first  netip.Addr // network + 2
	last   netip.Addr // broadcast - 1
	lastIP netip.Addr // last reserved (host-local's last_reserved_ip)
	inUse  map[netip.Addr]string
}

func newIPAM(cidr string) (*ipam, error) {
	p, err := netip.ParsePrefix(cidr)
	if err != nil {
		return nil, fmt.Errorf("invalid podCIDR %q: %v", cidr, err)
	}
	p = p.Masked()
	if !p.Addr().Is4() || p.Bits() > 30 {
		return nil, fmt.Errorf("podCIDR %q is too small", cidr)
	}
	first := p.Addr().Next().Next()
	last := broadcast(p).Prev()
	return &ipam{prefix: p, first: first, last: last, lastIP: first.Prev(), inUse: map[netip.Addr]string{}}, nil
}

func broadcast(p netip.Prefix) netip.Addr {
	a := p.Addr().As4()
	host := 32 - p.Bits()
	v := uint32(a[0])<<24 | uint32(a[1])<<16 | uint32(a[2])<<8 | uint32(a[3])
	v |= (1 << host) - 1
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)})
}

// allocate reserves the next free address for owner (a pod uid).
func (m *ipam) allocate(owner string) (string, error) {
	a := m.lastIP
	for range 1 << (32 - m.prefix.Bits()) {
		a = a.Next()
		if a.Compare(m.last) > 0 || a.Compare(m.first) < 0 {
			a = m.first
		}
		if _, used := m.inUse[a]; !used {
			m.inUse[a] = owner
			m.lastIP = a
			return a.String(), nil
		}
	}
	return "", fmt.Errorf("failed to allocate for range 0: no IP addresses available in range set: %s-%s", m.first, m.last)
}

// release frees an address.
func (m *ipam) release(ip string) {
	if a, err := netip.ParseAddr(ip); err == nil {
		delete(m.inUse, a)
	}
}
