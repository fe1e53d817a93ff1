package validation

import (
	"net/netip"
	"slices"
	"strconv"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
	"github.com/kubeplay/kubeplay/core/api/naming"
)

// Upstream message constants (apimachinery/pkg/api/validation and
// pkg/apis/core/validation).
const (
	isNegativeErrorMsg     = "must be greater than or equal to 0"
	fieldImmutableErrorMsg = "field is immutable"
	isNotIntegerErrorMsg   = "must be an integer"
	isNotPositiveErrorMsg  = "must be greater than zero"
	isInvalidQuotaResource = "must be a standard resource for quota"
)

// integer is the set of integer types validateNonnegative accepts.
type integer interface {
	~int | ~int32 | ~int64
}

// validateNonnegative models ValidateNonnegativeField and validate.GEZ:
// "must be greater than or equal to 0". The value keeps its type, so it
// prints as upstream prints it.
func validateNonnegative[T integer](value T, fldPath *field.Path) field.ErrorList {
	if value < 0 {
		return field.ErrorList{field.Invalid(fldPath, value, isNegativeErrorMsg)}
	}
	return nil
}

// validateImmutableField models ValidateImmutableField: the new value is
// reported when it is not semantically equal to the old one.
func validateImmutableField(newVal, oldVal any, fldPath *field.Path) field.ErrorList {
	if !api.SemanticEqual(newVal, oldVal) {
		return field.ErrorList{field.Invalid(fldPath, newVal, fieldImmutableErrorMsg)}
	}
	return nil
}

// validateImmutableString is validateImmutableField for the string field
// name under fldPath. Most updates leave it alone, so the field's path is
// only built when it changed.
func validateImmutableString[S ~string](newVal, oldVal S, fldPath *field.Path, name string) field.ErrorList {
	if newVal == oldVal {
		return nil
	}
	return validateImmutableField(newVal, oldVal, fldPath.Child(name))
}

// nameFunc validates an object name; prefix is true for a generateName.
type nameFunc func(name string, prefix bool) []string

// maskTrailingDash lets a generateName end in '-' (apimachinery's
// maskTrailingDash replaces the last two characters with "a").
func maskTrailingDash(name string) string {
	if len(name) > 1 && strings.HasSuffix(name, "-") {
		return name[:len(name)-2] + "a"
	}
	return name
}

// nameIsDNSSubdomain models NameIsDNSSubdomain (most kinds).
func nameIsDNSSubdomain(name string, prefix bool) []string {
	if prefix {
		name = maskTrailingDash(name)
	}
	return naming.IsDNS1123Subdomain(name)
}

// nameIsDNSLabel models NameIsDNSLabel (Namespaces, via
// ValidateNamespaceName).
func nameIsDNSLabel(name string, prefix bool) []string {
	if prefix {
		name = maskTrailingDash(name)
	}
	return naming.IsDNS1123Label(name)
}

// nameIsDNS1035Label models NameIsDNS1035Label (Services).
func nameIsDNS1035Label(name string, prefix bool) []string {
	if prefix {
		name = maskTrailingDash(name)
	}
	return naming.IsDNS1035Label(name)
}

// validateDNS1123Label models core ValidateDNS1123Label.
func validateDNS1123Label(value string, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for _, msg := range naming.IsDNS1123Label(value) {
		errs = append(errs, field.Invalid(fldPath, value, msg))
	}
	return errs
}

// validateDNS1123Subdomain models core ValidateDNS1123Subdomain.
func validateDNS1123Subdomain(value string, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for _, msg := range naming.IsDNS1123Subdomain(value) {
		errs = append(errs, field.Invalid(fldPath, value, msg))
	}
	return errs
}

// validateQualifiedName models core ValidateQualifiedName.
func validateQualifiedName(value string, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for _, msg := range naming.IsQualifiedName(value) {
		errs = append(errs, field.Invalid(fldPath, value, msg))
	}
	return errs
}

// validateProtocol is the protocol check of validateContainerPorts,
// validateServicePort and validateEndpointPort: required, and one of TCP,
// UDP, SCTP.
func validateProtocol(p api.Protocol, fldPath *field.Path) field.ErrorList {
	if p == "" {
		return field.ErrorList{field.Required(fldPath, "")}
	}
	if !isSupportedProtocol(p) {
		return field.ErrorList{field.NotSupported(fldPath, p, supportedPortProtocols)}
	}
	return nil
}

// validateIP models validation.IsValidIP(fldPath, value).
func validateIP(fldPath *field.Path, value string) field.ErrorList {
	var errs field.ErrorList
	for _, msg := range naming.IsValidIP(value) {
		errs = append(errs, field.Invalid(fldPath, value, msg))
	}
	return errs
}

// inclusiveRangeError is validation.InclusiveRangeError for int64 bounds.
func inclusiveRangeError(lo, hi int64) string {
	return "must be between " + strconv.FormatInt(lo, 10) + " and " + strconv.FormatInt(hi, 10) + ", inclusive"
}

// isValidUserID and isValidGroupID model validation.IsValidUserID and
// IsValidGroupID: any uint32.
func isValidUserID(id int64) []string {
	if 0 <= id && id <= 0xffffffff {
		return nil
	}
	return []string{inclusiveRangeError(0, 0xffffffff)}
}

func isValidGroupID(id int64) []string { return isValidUserID(id) }

// sortedKeys returns a map's keys in order. Upstream ranges over Go maps,
// whose order is random; sorting makes the playground deterministic.
func sortedKeys[K ~string, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// labelValueMessages joins label-value problems with ";", as
// validateNodeTaints and ValidateTolerations do.
func labelValueMessages(v string) string {
	return strings.Join(naming.IsValidLabelValue(v), ";")
}

// parseIP parses an IP address as netutils.ParseIPSloppy does, accepting
// IPv4 octets with leading zeros. It uses net/netip (the core may not import
// net) and unmaps IPv4-in-IPv6 addresses, as net.IP.To4 would.
func parseIP(s string) (netip.Addr, bool) {
	if strings.Contains(s, "%") { // zones are netip-only syntax
		return netip.Addr{}, false
	}
	if ip, err := netip.ParseAddr(s); err == nil {
		return ip.Unmap(), true
	}
	if len(naming.IsValidIP(s)) == 0 {
		parts := strings.Split(s, ".")
		for i, p := range parts {
			p = strings.TrimLeft(p, "0")
			if p == "" {
				p = "0"
			}
			parts[i] = p
		}
		if ip, err := netip.ParseAddr(strings.Join(parts, ".")); err == nil {
			return ip, true
		}
	}
	return netip.Addr{}, false
}
