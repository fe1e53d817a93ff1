// The service CIDR and its allocator, as pkg/registry/core/service/ipallocator
// has them: the range, its static and dynamic bands, and the Allocate and
// AllocateNext steps over the addresses the stored Services hold
// (service_alloc.go).

package apiserver

import (
	"errors"
	"net/netip"
)

// ServiceClusterIPRange is the cluster's service address range
// (kube-apiserver --service-cluster-ip-range default, which kubeadm and
// kind use).
const ServiceClusterIPRange = "10.96.0.0/12"

// The ipallocator package's errors. The messages are upstream's.
var (
	errIPFull          = errors.New("range is full")
	errIPAllocated     = errors.New("provided IP is already allocated")
	errMismatchedRange = errors.New("the provided network does not match the current range")
)

// ipRange is the service CIDR as the IPAddress-backed ipallocator sees it
// (ipallocator.NewIPAllocator): the network and broadcast addresses are
// never handed out; the first rangeOffset addresses form the lower
// ("static") band, the rest the upper ("dynamic") band.
type ipRange struct {
	prefix      netip.Prefix
	first, last uint32 // first and last usable address
	offset      uint32 // first address of the upper band
	size        uint64 // usable addresses (hostsPerNetwork)
	rangeOffset uint64 // size of the lower band (calculateRangeOffset)
}

var serviceIPRange = newIPRange(ServiceClusterIPRange)

func newIPRange(cidr string) ipRange {
	p := netip.MustParsePrefix(cidr).Masked()
	base := addrToUint32(p.Addr())
	hostBits := 32 - p.Bits()
	cidrSize := uint64(1) << hostBits
	r := ipRange{prefix: p, first: base + 1, last: base + uint32(cidrSize-1) - 1, size: cidrSize - 2}
	r.rangeOffset = ipRangeOffset(cidrSize)
	r.offset = r.first + uint32(r.rangeOffset)
	return r
}

// ipRangeOffset models ipallocator.calculateRangeOffset (KEP-3070): the
// lower band is min(max(16, cidrSize/16), 256) addresses, none for a range
// of 16 or fewer. For 10.96.0.0/12 it is 256: 10.96.0.1-10.96.1.0 are the
// static band, from which nothing is allocated at random until the upper
// band is full.
func ipRangeOffset(cidrSize uint64) uint64 {
	const minOffset, maxOffset, step = 16, 256, 16
	if cidrSize <= minOffset {
		return 0
	}
	return min(max(cidrSize/step, minOffset), maxOffset)
}

// contains models servicecidr.PrefixContainsIP as the MetaAllocator's
// getAllocator uses it: inside the prefix, and neither its network nor its
// broadcast address.
func (r ipRange) contains(a netip.Addr) bool {
	if !a.Is4() || !r.prefix.Contains(a) {
		return false
	}
	v := addrToUint32(a)
	return v >= r.first && v <= r.last
}

func addrToUint32(a netip.Addr) uint32 {
	b := a.As4()
	return uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
}

func uint32ToAddr(v uint32) netip.Addr {
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)})
}

// ClusterIPStaticBand returns the lower ("static") band of the service
// CIDR (10.96.0.1-10.96.1.0).
func ClusterIPStaticBand() (lo, hi string) {
	r := serviceIPRange
	return uint32ToAddr(r.first).String(), uint32ToAddr(r.offset - 1).String()
}

// allocateIP models Allocator.AllocateService for a chosen address.
func (al *serviceAllocations) allocateIP(ip string) error {
	a, err := netip.ParseAddr(ip)
	if err != nil || !serviceIPRange.contains(a) {
		return errMismatchedRange
	}
	v := addrToUint32(a)
	if al.ips[v] {
		return errIPAllocated
	}
	al.ips[v] = true
	return nil
}

// allocateNextIP models Allocator.allocateNextService: a random start in
// the upper band (rand.Int63n of its size), then the first free address
// scanning up and wrapping within the band; only if the upper band is full,
// the same in the lower band (rand.Intn of its size).
func (al *serviceAllocations) allocateNextIP() (string, error) {
	r := serviceIPRange
	scan := func(first, last uint32, start uint64) (uint32, bool) {
		n := uint64(last-first) + 1
		for i := range n {
			v := first + uint32((start+i)%n)
			if !al.ips[v] {
				return v, true
			}
		}
		return 0, false
	}
	upper := r.size - r.rangeOffset
	if upper > 0 {
		if v, ok := scan(r.offset, r.last, uint64(al.s.rng.Int64N(int64(upper)))); ok {
			al.ips[v] = true
			return uint32ToAddr(v).String(), nil
		}
	}
	if r.rangeOffset > 0 {
		if v, ok := scan(r.first, r.offset-1, uint64(al.s.rng.IntN(int(r.rangeOffset)))); ok {
			al.ips[v] = true
			return uint32ToAddr(v).String(), nil
		}
	}
	return "", errIPFull
}
