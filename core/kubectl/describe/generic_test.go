package describe

import "testing"

// smartLabelFor's labels: kubectl's own test cases (TestSmartLabelFor),
// then the Lease fields.
func TestSmartLabelFor(t *testing.T) {
	for in, want := range map[string]string{
		"simpleField":          "Simple Field",
		"respectPDBs":          "Respect PDBs",
		"respectPDB":           "Respect PDB",
		"apiURL":               "API URL",
		"kubeAPI":              "Kube API",
		"userUID":              "User UID",
		"HTTPSProxy":           "HTTPSProxy",
		"customCRDs":           "Custom CRDs",
		"apiVersion":           "API Version",
		"uid":                  "UID",
		"holderIdentity":       "Holder Identity",
		"leaseDurationSeconds": "Lease Duration Seconds",
		"ownerReferences":      "Owner References",
		"httpGet":              "Http Get",
		"HTTPGet":              "HTTPGet",
		"podCIDR":              "Pod CIDR",
		"kubernetes.io/name":   "kubernetes.io/name",
	} {
		if got := smartLabelFor(in); got != want {
			t.Errorf("smartLabelFor(%q) = %q, want %q", in, got, want)
		}
	}
}
